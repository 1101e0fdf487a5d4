/// A console timestamp as NSLog prints it: `2019-06-03 14:07:21.118000+0800` or `2016-11-07 10:00:00.123`.
struct ConsoleTimestamp: Sendable, Hashable {
    /// When it was: whole seconds and fraction kept apart so differences stay exact to the microsecond.
    var clock: ConsoleClock
    /// The ISO 8601 form, zone kept when printed (`2019-06-03T14:07:21.118000+08:00`).
    var iso8601: String

    /// Parses a timestamp at `start` in `bytes`, returning it and the index just past it.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (ConsoleTimestamp, Int)? {
        var index = start
        func number(_ count: Int) -> Int? {
            guard index + count <= end else { return nil }
            var value = 0
            for offset in 0..<count {
                let byte = bytes[index + offset]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < end, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D), let day = number(2),
              expect(0x20), let hour = number(2), expect(0x3A), let minute = number(2), expect(0x3A),
              let second = number(2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        var fractionText = ""
        if index < end, bytes[index] == 0x2E {
            index += 1
            var scale = 0.1
            let fractionStart = index
            while index < end, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > fractionStart else { return nil }
            fractionText = "." + String(decoding: UnsafeBufferPointer(rebasing: bytes[fractionStart..<index]), as: UTF8.self)
        }
        var zoneSeconds = 0
        var zoneText = ""
        if index < end, bytes[index] == 0x2B || bytes[index] == 0x2D {
            let sign = bytes[index] == 0x2D ? -1 : 1
            index += 1
            guard let zoneHours = number(2) else { return nil }
            _ = expect(0x3A)
            guard let zoneMinutes = number(2) else { return nil }
            zoneSeconds = sign * (zoneHours * 3600 + zoneMinutes * 60)
            zoneText = (sign < 0 ? "-" : "+") + twoDigits(zoneHours) + ":" + twoDigits(zoneMinutes)
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        let clock = ConsoleClock(whole: days * 86_400 + hour * 3600 + minute * 60 + second - zoneSeconds, fraction: fraction)
        let iso = "\(year)-\(twoDigits(month))-\(twoDigits(day))T\(twoDigits(hour)):\(twoDigits(minute)):\(twoDigits(second))\(fractionText)\(zoneText)"
        return (ConsoleTimestamp(clock: clock, iso8601: iso), index)
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    // Howard Hinnant's days_from_civil: proleptic Gregorian date → days since 1970-01-01.
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// A console time: whole seconds since 1970-01-01 00:00 (UTC when the zone was printed, local wall time
/// otherwise) and the fraction, apart, because one `Double` of epoch seconds loses the microseconds.
struct ConsoleClock: Sendable, Hashable {
    /// Whole seconds.
    var whole: Int
    /// The fraction of a second, in 0..<1.
    var fraction: Double

    /// Seconds from `origin` to this time, rounded to the microsecond (the finest a console prints).
    func seconds(since origin: ConsoleClock) -> Double {
        ((Double(whole - origin.whole) + (fraction - origin.fraction)) * 1_000_000).rounded() / 1_000_000
    }
}
