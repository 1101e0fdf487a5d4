import LegoModel

/// Hand-written JSON Lines encoding of trace headers and events (no `JSONEncoder`: the writer must sustain millions of events per second).
///
/// Keys come out in a fixed order and absent optional fields are omitted; every string is escaped
/// (quote, backslash, C0/C1 control characters and DEL) while other UTF-8 is kept as is.
public enum TraceEncoding {
    /// Appends the header line, `{"format":…}` plus `\n`, to `out`.
    public static func encode(_ header: TraceHeader, into out: inout [UInt8]) {
        appendRaw("{\"format\":", &out)
        appendString(header.format, &out)
        appendRaw(",\"version\":", &out)
        appendString(header.version.description, &out)
        appendRaw(",\"producer\":", &out)
        appendString(header.producer, &out)
        appendRaw(",\"start\":", &out)
        appendString(header.start, &out)
        appendRaw(",\"app\":", &out)
        appendString(header.app, &out)
        appendRaw(",\"source\":", &out)
        appendString(header.source, &out)
        if let importedFrom = header.importedFrom {
            appendRaw(",\"importedFrom\":", &out)
            appendString(importedFrom, &out)
        }
        appendRaw("}\n", &out)
    }

    /// Appends one event line, `{"seq":…}` plus `\n`, to `out`.
    public static func encode(_ event: TraceEvent, into out: inout [UInt8]) {
        appendRaw("{\"seq\":", &out)
        appendUnsigned(event.seq, &out)
        appendRaw(",\"t\":", &out)
        appendTime(event.time, &out)
        appendRaw(",\"th\":", &out)
        appendUnsigned(UInt64(event.thread), &out)
        appendRaw(",\"kind\":\"", &out)
        appendPlain(event.kind.rawValue, &out)
        out.append(quote)
        if let name = event.name { appendRaw(",\"name\":", &out); appendString(name, &out) }
        if let className = event.className { appendRaw(",\"cls\":", &out); appendString(className, &out) }
        if let object = event.object { appendRaw(",\"obj\":", &out); appendUnsigned(object, &out) }
        if let peer = event.peer { appendRaw(",\"peer\":", &out); appendUnsigned(peer, &out) }
        if let peerName = event.peerName { appendRaw(",\"peerName\":", &out); appendString(peerName, &out) }
        if let url = event.url { appendRaw(",\"url\":", &out); appendString(url, &out) }
        if let layer = event.layer { appendRaw(",\"layer\":\"", &out); appendPlain(layer.rawValue, &out); out.append(quote) }
        if let relation = event.relation { appendRaw(",\"rel\":\"", &out); appendPlain(relation.rawValue, &out); out.append(quote) }
        if let effect = event.effect { appendRaw(",\"effect\":\"", &out); appendPlain(effect.rawValue, &out); out.append(quote) }
        if let operation = event.operation { appendRaw(",\"op\":\"", &out); appendPlain(operation.rawValue, &out); out.append(quote) }
        if let moduleKind = event.moduleKind { appendRaw(",\"mk\":\"", &out); appendPlain(moduleKind.rawValue, &out); out.append(quote) }
        if let gene = event.gene { appendRaw(",\"gene\":", &out); appendString(gene, &out) }
        if let value = event.value { appendRaw(",\"value\":", &out); appendString(value, &out) }
        if let count = event.count { appendRaw(",\"n\":", &out); appendSigned(count, &out) }
        if let ok = event.ok { appendRaw(ok ? ",\"ok\":true" : ",\"ok\":false", &out) }
        if let objects = event.objects {
            appendRaw(",\"objs\":[", &out)
            for (index, object) in objects.enumerated() {
                if index > 0 { out.append(comma) }
                appendUnsigned(object, &out)
            }
            out.append(closeBracket)
        }
        if let params = event.params {
            appendRaw(",\"params\":{", &out)
            for (index, parameter) in params.enumerated() {
                if index > 0 { out.append(comma) }
                appendString(parameter.key, &out)
                out.append(colon)
                appendString(parameter.value, &out)
            }
            out.append(closeBrace)
        }
        if let line = event.line { appendRaw(",\"line\":", &out); appendSigned(line, &out) }
        appendRaw("}\n", &out)
    }

    /// The encoded event line as bytes, including the trailing newline.
    public static func line(for event: TraceEvent) -> [UInt8] {
        var out: [UInt8] = []
        encode(event, into: &out)
        return out
    }

    // MARK: - Pieces

    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")
    private static let colon = UInt8(ascii: ":")
    private static let closeBracket = UInt8(ascii: "]")
    private static let closeBrace = UInt8(ascii: "}")

    @inline(__always)
    private static func appendRaw(_ text: StaticString, _ out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    // Enum raw values are ASCII literals that never need escaping.
    @inline(__always)
    private static func appendPlain(_ text: String, _ out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// Appends `text` as a quoted, escaped JSON string.
    static func appendString(_ text: String, _ out: inout [UInt8]) {
        out.append(quote)
        var text = text
        text.withUTF8 { appendEscaped($0, &out) }
        out.append(quote)
    }

    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, _ out: inout [UInt8]) {
        var runStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F && byte != 0xC2 {
                index += 1
                continue
            }
            // 0xC2 starts U+0080…U+00FF; only U+0080…U+009F (C1 controls) get escaped.
            if byte == 0xC2 {
                guard index + 1 < count, bytes[index + 1] >= 0x80, bytes[index + 1] <= 0x9F else {
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                appendUnicodeEscape(bytes[index + 1], &out)
                index += 2
                runStart = index
                continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            switch byte {
            case 0x22: appendRaw("\\\"", &out)
            case 0x5C: appendRaw("\\\\", &out)
            case 0x0A: appendRaw("\\n", &out)
            case 0x0D: appendRaw("\\r", &out)
            case 0x09: appendRaw("\\t", &out)
            case 0x08: appendRaw("\\b", &out)
            case 0x0C: appendRaw("\\f", &out)
            default: appendUnicodeEscape(byte, &out)
            }
            index += 1
            runStart = index
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
    }

    private static func appendUnicodeEscape(_ codeUnit: UInt8, _ out: inout [UInt8]) {
        let hex: StaticString = "0123456789abcdef"
        appendRaw("\\u00", &out)
        out.append(hex.utf8Start[Int(codeUnit >> 4)])
        out.append(hex.utf8Start[Int(codeUnit & 0x0F)])
    }

    /// Appends the decimal digits of `value`.
    static func appendUnsigned(_ value: UInt64, _ out: inout [UInt8]) {
        if value < 10 {
            out.append(UInt8(truncatingIfNeeded: value) &+ 48)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var position = 20
            var rest = value
            repeat {
                position -= 1
                let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: 10)
                digits[position] = UInt8(truncatingIfNeeded: remainder) &+ 48
                rest = quotient
            } while rest != 0
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[position..<20]))
        }
    }

    private static func appendSigned(_ value: Int, _ out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        appendUnsigned(UInt64(value.magnitude), &out)
    }

    /// Appends `time` in seconds rounded to microseconds with trailing zeros dropped (`0`, `1.5`, `12.000034`).
    static func appendTime(_ time: Double, _ out: inout [UInt8]) {
        guard time.isFinite else {
            out.append(UInt8(ascii: "0"))
            return
        }
        // Beyond ~285,000 years in microseconds would overflow Int64; such a clock is printed as Swift prints it.
        guard time.magnitude < 9e12 else {
            appendPlain(time.description, &out)
            return
        }
        let micros = Int64((time * 1_000_000).rounded())
        if micros < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = micros.magnitude
        let (whole, fraction) = magnitude.quotientAndRemainder(dividingBy: 1_000_000)
        appendUnsigned(whole, &out)
        guard fraction != 0 else { return }
        var digits = 6
        var trimmed = fraction
        while trimmed % 10 == 0 {
            trimmed /= 10
            digits -= 1
        }
        out.append(UInt8(ascii: "."))
        var scale: UInt64 = 1
        for _ in 1..<digits { scale *= 10 }
        while scale > trimmed {
            out.append(UInt8(ascii: "0"))
            scale /= 10
        }
        appendUnsigned(trimmed, &out)
    }
}
