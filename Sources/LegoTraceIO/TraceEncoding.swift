import LegoModel

/// Hand-written JSON Lines encoding of trace headers and events (no `JSONEncoder`: the writer must sustain millions of events per second).
///
/// Keys come out in a fixed order and absent optional fields are omitted; every string is escaped
/// (quote, backslash, C0/C1 control characters and DEL) while other UTF-8 is kept as is. Times are
/// seconds rounded to the microsecond, printed without trailing zeros; non-finite times are written as 0.
public enum TraceEncoding {
    /// Appends the header line, `{"format":…}` plus `\n`, to `out`.
    public static func encode(_ header: TraceHeader, into out: inout [UInt8]) {
        let strings = [header.format, header.producer, header.start, header.app, header.source, header.importedFrom ?? "", header.scenario ?? "",
                       header.framework.rawValue, header.frameworkVersion ?? ""]
        let bound = 256 + 6 * strings.reduce(0) { $0 + $1.utf8.count }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { memory in
            var writer = ByteWriter(memory.baseAddress!)
            writer.header(header)
            out.append(contentsOf: UnsafeBufferPointer(start: memory.baseAddress, count: writer.position - memory.baseAddress!))
        }
    }

    /// Appends one event line, `{"seq":…}` plus `\n`, to `out`.
    public static func encode(_ event: TraceEvent, into out: inout [UInt8]) {
        encode(event, seq: event.seq, time: event.time, thread: event.thread, into: &out)
    }

    /// Appends `event` with the given stamps instead of its own, so the writer need not copy the event to stamp it.
    static func encode(_ event: TraceEvent, seq: UInt64, time: Double, thread: UInt32, into out: inout [UInt8]) {
        // Encoding into stack memory sized by an upper bound, then appending once, is several times faster
        // than twenty small `append(contentsOf:)` calls per event.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: upperBound(event)) { memory in
            var writer = ByteWriter(memory.baseAddress!)
            writer.event(event, seq: seq, time: time, thread: thread)
            out.append(contentsOf: UnsafeBufferPointer(start: memory.baseAddress, count: writer.position - memory.baseAddress!))
        }
    }

    /// The encoded event line as bytes, including the trailing newline.
    public static func line(for event: TraceEvent) -> [UInt8] {
        var out: [UInt8] = []
        encode(event, into: &out)
        return out
    }

    /// How `time` is written in a trace (`0`, `1.5`, `12.000034`).
    static func timeText(_ time: Double) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { memory in
            var writer = ByteWriter(memory.baseAddress!)
            writer.time(time)
            return String(decoding: UnsafeBufferPointer(start: memory.baseAddress, count: writer.position - memory.baseAddress!), as: UTF8.self)
        }
    }

    // Every string byte expands to at most 6 bytes (`\u00XX`); keys, numbers and enum values fit in 512.
    private static func upperBound(_ event: TraceEvent) -> Int {
        var strings = 0
        if let name = event.name { strings += name.utf8.count }
        if let className = event.className { strings += className.utf8.count }
        if let peerName = event.peerName { strings += peerName.utf8.count }
        if let url = event.url { strings += url.utf8.count }
        if let gene = event.gene { strings += gene.utf8.count }
        if let value = event.value { strings += value.utf8.count }
        var bound = 512 + 6 * strings
        if let objects = event.objects { bound += 21 * objects.count }
        if let params = event.params {
            for parameter in params { bound += 6 * (parameter.key.utf8.count + parameter.value.utf8.count) + 6 }
        }
        return bound
    }
}

/// Writes JSON pieces through a raw pointer into memory the caller sized with an upper bound.
struct ByteWriter {
    /// Where the next byte goes.
    private(set) var position: UnsafeMutablePointer<UInt8>

    /// A writer starting at `start`.
    init(_ start: UnsafeMutablePointer<UInt8>) { position = start }

    /// Writes the header line.
    mutating func header(_ header: TraceHeader) {
        raw("{\"format\":")
        string(header.format)
        raw(",\"version\":")
        string(header.version.description)
        raw(",\"producer\":")
        string(header.producer)
        raw(",\"start\":")
        string(header.start)
        raw(",\"app\":")
        string(header.app)
        raw(",\"source\":")
        string(header.source)
        if let importedFrom = header.importedFrom {
            raw(",\"importedFrom\":")
            string(importedFrom)
        }
        if let scenario = header.scenario {
            raw(",\"scenario\":")
            string(scenario)
        }
        raw(",\"framework\":")
        string(header.framework.rawValue)
        if let frameworkVersion = header.frameworkVersion {
            raw(",\"frameworkVersion\":")
            string(frameworkVersion)
        }
        raw("}\n")
    }

    /// Writes a whole event line.
    mutating func event(_ event: TraceEvent, seq: UInt64, time stamp: Double, thread: UInt32) {
        raw("{\"seq\":")
        unsigned(seq)
        raw(",\"t\":")
        time(stamp)
        raw(",\"th\":")
        unsigned(UInt64(thread))
        raw(",\"kind\":")
        plain(event.kind.rawValue)
        if let name = event.name { raw(",\"name\":"); string(name) }
        if let className = event.className { raw(",\"cls\":"); string(className) }
        if let object = event.object { raw(",\"obj\":"); unsigned(object) }
        if let peer = event.peer { raw(",\"peer\":"); unsigned(peer) }
        if let peerName = event.peerName { raw(",\"peerName\":"); string(peerName) }
        if let url = event.url { raw(",\"url\":"); string(url) }
        if let layer = event.layer { raw(",\"layer\":"); plain(layer.rawValue) }
        if let relation = event.relation { raw(",\"rel\":"); plain(relation.rawValue) }
        if let effect = event.effect { raw(",\"effect\":"); plain(effect.rawValue) }
        if let operation = event.operation { raw(",\"op\":"); plain(operation.rawValue) }
        if let moduleKind = event.moduleKind { raw(",\"mk\":"); plain(moduleKind.rawValue) }
        if let gene = event.gene { raw(",\"gene\":"); string(gene) }
        if let value = event.value { raw(",\"value\":"); string(value) }
        if let count = event.count { raw(",\"n\":"); signed(count) }
        if let ok = event.ok { ok ? raw(",\"ok\":true") : raw(",\"ok\":false") }
        if let objects = event.objects {
            raw(",\"objs\":[")
            var first = true
            for object in objects {
                if !first { byte(0x2C) }
                first = false
                unsigned(object)
            }
            byte(0x5D)
        }
        if let params = event.params {
            raw(",\"params\":{")
            var first = true
            for parameter in params {
                if !first { byte(0x2C) }
                first = false
                string(parameter.key)
                byte(0x3A)
                string(parameter.value)
            }
            byte(0x7D)
        }
        if let line = event.line { raw(",\"line\":"); signed(line) }
        raw("}\n")
    }

    /// Writes one byte.
    @inline(__always)
    mutating func byte(_ value: UInt8) {
        position.pointee = value
        position += 1
    }

    /// Writes a literal that needs no escaping.
    @inline(__always)
    mutating func raw(_ text: StaticString) {
        copy(text.utf8Start, text.utf8CodeUnitCount)
    }

    /// Writes an enum raw value in quotes (ASCII literals that never need escaping).
    @inline(__always)
    mutating func plain(_ text: String) {
        byte(0x22)
        utf8(of: text) { writer, bytes in if let base = bytes.baseAddress { writer.copy(base, bytes.count) } }
        byte(0x22)
    }

    /// Writes `text` quoted and escaped.
    @inline(__always)
    mutating func string(_ text: String) {
        byte(0x22)
        utf8(of: text) { writer, bytes in writer.escaped(bytes) }
        byte(0x22)
    }

    // Reads the string's bytes in place. `var copy = text; copy.withUTF8` retained and released every
    // string on the encoder thread while the app retained the same strings on its own core (the module
    // names recur in every event), and that shared counting slowed both.
    @inline(__always)
    private mutating func utf8(of text: String, _ body: (inout ByteWriter, UnsafeBufferPointer<UInt8>) -> Void) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { body(&self, $0) }
        if done == nil {
            var copy = text
            copy.withUTF8 { body(&self, $0) }
        }
    }

    fileprivate mutating func escaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let count = bytes.count
        var runStart = 0
        var index = 0
        while index < count {
            // Eight bytes at a time while none of them needs a look: names, classes and URLs are plain ASCII.
            if index + 8 <= count, !Self.mayNeedEscape(UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = source[index]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F && byte != 0xC2 {
                index += 1
                continue
            }
            // 0xC2 starts U+0080…U+00FF; only U+0080…U+009F (C1 controls) get escaped.
            if byte == 0xC2 {
                guard index + 1 < count, source[index + 1] >= 0x80, source[index + 1] <= 0x9F else {
                    index += 1
                    continue
                }
                copy(source + runStart, index - runStart)
                unicodeEscape(source[index + 1])
                index += 2
                runStart = index
                continue
            }
            copy(source + runStart, index - runStart)
            switch byte {
            case 0x22: raw("\\\"")
            case 0x5C: raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            default: unicodeEscape(byte)
            }
            index += 1
            runStart = index
        }
        copy(source + runStart, count - runStart)
    }

    /// Whether any of the eight bytes in `word` is a control character, a quote, a backslash, DEL or 0xC2 (which starts
    /// the C1 controls): the bytes `escaped` looks at one by one.
    @inline(__always)
    static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // A byte's high bit is set here when that byte is below 0x20 or zero after one of the xors. Borrows only reach
        // bytes above one that already counts, so the answer for the word is exact. Other bytes above 0x7F (Chinese,
        // accented letters) pass: only 0xC2 can start a C1 control.
        let control = (word &- (ones &* 0x20)) & ~word
        let quote = zeroBytes(word ^ (ones &* 0x22))
        let backslash = zeroBytes(word ^ (ones &* 0x5C))
        let delete = zeroBytes(word ^ (ones &* 0x7F))
        let c1Lead = zeroBytes(word ^ (ones &* 0xC2))
        return (control | quote | backslash | delete | c1Lead) & highs != 0
    }

    /// The high bit of each zero byte of `word` set (and perhaps of bytes above one): nonzero exactly when one is zero.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    // Keys and names are short: two overlapping word moves beat a call to memmove (measured ~15% of encoding).
    @inline(__always)
    fileprivate mutating func copy(_ source: UnsafePointer<UInt8>, _ count: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(position)
        if count >= 8 && count <= 16 {
            to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 && count < 8 {
            to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), toByteOffset: count - 4, as: UInt32.self)
        } else if count > 16 {
            position.update(from: source, count: count)
        } else {
            for index in 0..<count { position[index] = source[index] }
        }
        position += count
    }

    private mutating func unicodeEscape(_ codeUnit: UInt8) {
        let hex: StaticString = "0123456789abcdef"
        raw("\\u00")
        byte(hex.utf8Start[Int(codeUnit >> 4)])
        byte(hex.utf8Start[Int(codeUnit & 0x0F)])
    }

    /// Writes the decimal digits of `value`.
    @inline(__always)
    mutating func unsigned(_ value: UInt64) {
        if value < 10 {
            byte(UInt8(truncatingIfNeeded: value) &+ 48)
            return
        }
        var digits = 2
        var bound: UInt64 = 100
        while digits < 20 && value >= bound {
            digits += 1
            bound = bound &* 10
        }
        // Two digits per division: seq, ids and lines have four to seven digits in every event.
        var rest = value
        var index = digits
        while rest >= 100 {
            let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: 100)
            index -= 2
            digitPair(remainder, at: index)
            rest = quotient
        }
        if rest >= 10 {
            digitPair(rest, at: 0)
        } else {
            position[0] = UInt8(truncatingIfNeeded: rest) &+ 48
        }
        position += digits
    }

    /// Writes the two digits of `value` (below 100) at `offset` from the position, which stays where it is.
    @inline(__always)
    private func digitPair(_ value: UInt64, at offset: Int) {
        let pair = Self.digitPairs.utf8Start + Int(truncatingIfNeeded: value) &* 2
        position[offset] = pair[0]
        position[offset + 1] = pair[1]
    }

    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Writes an integer that may be negative.
    mutating func signed(_ value: Int) {
        if value < 0 { byte(0x2D) }
        unsigned(UInt64(value.magnitude))
    }

    /// Writes `time` in seconds rounded to microseconds with trailing zeros dropped (`0`, `1.5`, `12.000034`).
    mutating func time(_ time: Double) {
        guard time.isFinite else {
            byte(0x30)
            return
        }
        // Beyond ~285,000 years in microseconds would overflow Int64; such a clock is printed as Swift prints it.
        guard time.magnitude < 9e12 else {
            var text = time.description
            text.withUTF8 { copy($0.baseAddress!, $0.count) }
            return
        }
        // Whole seconds and the fraction apart: `time * 1_000_000` rounds the product to the double's precision, which
        // above 2^32 seconds is coarser than a microsecond and printed a neighbour that did not read back as `time`.
        // `time - whole` is exact, and so is rounding its microseconds.
        // Conversions truncate toward zero, and the differences are exact, so this is `rounded(.towardZero)` and
        // `rounded()` (half away from zero) without their calls into libm.
        let whole = Int64(time)
        let fractionMicros = (time - Double(whole)) * 1_000_000
        let truncated = Int64(fractionMicros)
        let leftover = fractionMicros - Double(truncated)
        let rounded = truncated + (leftover >= 0.5 ? 1 : leftover <= -0.5 ? -1 : 0)
        let micros = whole * 1_000_000 + rounded
        if micros < 0 { byte(0x2D) }
        let (seconds, fraction) = micros.magnitude.quotientAndRemainder(dividingBy: 1_000_000)
        unsigned(seconds)
        guard fraction != 0 else { return }
        byte(0x2E)
        // Six digits with leading zeros, then the trailing zeros taken back: no digit counting.
        let (high, low) = fraction.quotientAndRemainder(dividingBy: 100)
        let (first, middle) = high.quotientAndRemainder(dividingBy: 100)
        digitPair(first, at: 0)
        digitPair(middle, at: 2)
        digitPair(low, at: 4)
        position += 6
        while (position - 1).pointee == 0x30 { position -= 1 }
    }
}
