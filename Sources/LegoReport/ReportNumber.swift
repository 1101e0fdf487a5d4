/// Locale-independent number formatting, so reports are the same on every machine.
enum ReportNumber {
    /// `1234567` → `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    /// `counted(3, "error")` → `3 errors`; `counted(1, "finding")` → `1 finding`.
    static func counted(_ value: Int, _ noun: String, plural: String? = nil) -> String {
        "\(grouped(value)) \(value == 1 ? noun : plural ?? noun + "s")"
    }

    /// `value` rounded to `digits` decimals, e.g. `fixed(1.25, digits: 3)` → `1.250`.
    static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return value.description }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded()
        guard scaled < 1e18 else { return value.description }
        let units = UInt64(scaled)
        let whole = units / UInt64(scale)
        let sign = value < 0 && units > 0 ? "-" : ""
        guard digits > 0 else { return "\(sign)\(whole)" }
        let fraction = String(units % UInt64(scale))
        return "\(sign)\(whole).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
    }

    /// Trace time for people: `1.250 s`.
    static func seconds(_ value: Double) -> String { "\(fixed(value, digits: 3)) s" }

    /// A trace's length for people: one decimal, three below a second (`12.3 s`, `0.045 s`).
    static func duration(_ value: Double) -> String {
        "\(fixed(value, digits: value.magnitude < 1 && value != 0 ? 3 : 1)) s"
    }
}
