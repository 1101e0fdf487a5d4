/// Why a line could not be parsed, in words for the error message.
package struct LineError: Error {
    /// What is wrong with the line.
    package var reason: String
    /// Creates an error with its reason.
    package init(reason: String) { self.reason = reason }
}

/// A byte-level reader over one line of JSON: just the pieces the trace parser needs, no allocation on the happy path.
///
/// The baseline reader (LegoAnalysis) runs it over a whole file; `line` and `column` then count newlines.
package struct JSONCursor {
    private(set) var position: UnsafePointer<UInt8>
    let end: UnsafePointer<UInt8>
    private let lineStart: UnsafePointer<UInt8>

    /// A cursor at the start of `line` (which must not be empty).
    package init(_ line: UnsafeBufferPointer<UInt8>) {
        lineStart = line.baseAddress!
        position = lineStart
        end = lineStart + line.count
    }

    /// The byte under the cursor, or 0 at the end of the line.
    @inline(__always)
    package var current: UInt8 { position < end ? position.pointee : 0 }

    /// True when only the end of the line is left.
    package var isAtEnd: Bool { position >= end }

    /// 1-based column of the cursor, for messages (counted from the last newline: error paths only).
    package var column: Int {
        // A backslash as the last byte steps `position` one past `end`: never read from there.
        let here = min(position, end)
        var start = here
        while start > lineStart && (start - 1).pointee != 0x0A { start -= 1 }
        return here - start + 1
    }

    /// 1-based line of the cursor within the buffer, for messages.
    package var line: Int {
        var count = 1
        var scan = lineStart
        let here = min(position, end)
        while scan < here {
            if scan.pointee == 0x0A { count += 1 }
            scan += 1
        }
        return count
    }

    /// Moves past the byte under the cursor.
    @inline(__always)
    package mutating func advance() { position += 1 }

    /// Moves back one byte (only right after `consume`).
    @inline(__always)
    mutating func back() { position -= 1 }

    /// Consumes `literal` if the line continues with exactly those bytes.
    @inline(__always)
    package mutating func consume(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard end - position >= count, memcmpBytes(position, literal.utf8Start, count) else { return false }
        position += count
        return true
    }

    /// Skips JSON whitespace.
    @inline(__always)
    package mutating func skipSpace() {
        while position < end {
            let byte = position.pointee
            // Writers emit no whitespace, so the common case is one compare: nothing above space is whitespace.
            if byte > 0x20 { return }
            guard byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A else { return }
            position += 1
        }
    }

    /// Consumes `byte` (after whitespace) or throws, naming what was expected.
    @inline(__always)
    package mutating func expect(_ byte: UInt8, _ what: StaticString) throws(LineError) {
        skipSpace()
        guard position < end, position.pointee == byte else { throw unexpected(expected: what) }
        position += 1
    }

    /// An error saying what was expected and what was found at the cursor.
    package func unexpected(expected what: StaticString) -> LineError {
        let found: String
        if position >= end {
            found = "end of line"
        } else {
            let byte = position.pointee
            found = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16)
        }
        return LineError(reason: "expected \(what) at column \(column), found \(found)")
    }

    /// Reads a string whose opening quote is under the cursor; returns its raw bytes and whether it has escapes.
    @inline(__always)
    package mutating func rawString() throws(LineError) -> (bytes: UnsafeBufferPointer<UInt8>, escaped: Bool) {
        guard position < end, position.pointee == 0x22 else { throw unexpected(expected: "a string") }
        position += 1
        let start = position
        var escaped = false
        // Eight bytes at a time until a quote, backslash or control byte may be near (SWAR zero-byte tests).
        while end - position >= 8 {
            let found = Self.stringStops(in: UnsafeRawPointer(position).loadUnaligned(as: UInt64.self))
            if found != 0 {
                position += found.trailingZeroBitCount / 8
                break
            }
            position += 8
        }
        while position < end {
            let byte = position.pointee
            if byte == 0x22 {
                let bytes = UnsafeBufferPointer(start: start, count: position - start)
                position += 1
                return (bytes, escaped)
            }
            if byte == 0x5C {
                escaped = true
                position += 2
                continue
            }
            if byte < 0x20 { throw LineError(reason: "control character in a string at column \(column); it must be escaped") }
            position += 1
        }
        throw LineError(reason: "unterminated string")
    }

    /// Reads a key of at most eight bytes without escapes, whose opening quote is under the cursor, as one little-endian
    /// word (the form `KeyWord` spells); nil, with the cursor unmoved, for a longer key, an escape or too short a rest.
    ///
    /// One load and the string scan's SWAR test in place of a byte loop building the word: keys are a fifth of a line.
    @inline(__always)
    mutating func shortKeyWord() -> UInt64? {
        guard end - position >= 10, position.pointee == 0x22 else { return nil }
        let word = UnsafeRawPointer(position + 1).loadUnaligned(as: UInt64.self)
        let found = Self.stringStops(in: word)
        let length = found == 0 ? 8 : found.trailingZeroBitCount / 8
        // The first quote, backslash or control byte must be the closing quote.
        guard position[1 + length] == 0x22 else { return nil }
        position += length + 2
        return length == 8 ? word : word & ((1 << UInt64(8 * length)) &- 1)
    }

    /// The top bit of each byte of `word` that may end a string's plain run (a quote, a backslash or a control byte),
    /// eight at a time (SWAR zero-byte tests). Only the lowest set bit is exact: a borrow can flag a later byte too.
    @inline(__always)
    private static func stringStops(in word: UInt64) -> UInt64 {
        let quotes = word ^ 0x2222_2222_2222_2222
        let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
        return ((quotes &- 0x0101_0101_0101_0101) & ~quotes
            | (backslashes &- 0x0101_0101_0101_0101) & ~backslashes
            | (word &- 0x2020_2020_2020_2020) & ~word) & 0x8080_8080_8080_8080
    }

    /// Decodes the escapes of a raw string into `out` (cleared first).
    package static func unescape(_ raw: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) throws(LineError) {
        out.removeAll(keepingCapacity: true)
        var index = 0
        let count = raw.count
        while index < count {
            let byte = raw[index]
            guard byte == 0x5C else {
                out.append(byte)
                index += 1
                continue
            }
            guard index + 1 < count else { throw LineError(reason: "unfinished escape in a string") }
            let escape = raw[index + 1]
            index += 2
            switch escape {
            case 0x22: out.append(0x22)
            case 0x5C: out.append(0x5C)
            case 0x2F: out.append(0x2F)
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                var scalar = try hex4(raw, at: index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    // A high surrogate must be followed by \u and a low surrogate; a lone one becomes U+FFFD.
                    if index + 6 <= count, raw[index] == 0x5C, raw[index + 1] == 0x75 {
                        let low = try hex4(raw, at: index + 2)
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                            index += 6
                        } else {
                            scalar = 0xFFFD
                        }
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    scalar = 0xFFFD
                }
                appendUTF8(scalar, &out)
            default:
                throw LineError(reason: "invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
            }
        }
    }

    private static func hex4(_ raw: UnsafeBufferPointer<UInt8>, at index: Int) throws(LineError) -> UInt32 {
        guard index + 4 <= raw.count else { throw LineError(reason: "incomplete \\u escape in a string") }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = raw[index + offset]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw LineError(reason: "invalid \\u escape in a string")
            }
            value = value << 4 | digit
        }
        return value
    }

    private static func appendUTF8(_ scalar: UInt32, _ out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// True when the byte may follow a number.
    @inline(__always)
    private static func endsNumber(_ byte: UInt8) -> Bool {
        byte == 0x2C || byte == 0x7D || byte == 0x5D || byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A || byte == 0
    }

    /// How many digits open `word` (eight bytes in memory order), 0 to 8.
    @inline(__always)
    private static func leadingDigits(_ word: UInt64) -> Int {
        // A byte's top bit is set here when it is above '9' (+0x46 reaches 0x80) or below '0' (-0x30 borrows);
        // carries and borrows move only to later bytes, so the first flagged byte is exact.
        let notDigit = ((word &+ 0x4646_4646_4646_4646) | (word &- 0x3030_3030_3030_3030)) & 0x8080_8080_8080_8080
        return notDigit.trailingZeroBitCount >> 3
    }

    /// The value of the first `length` (1 to 7) bytes of `word`, all digits.
    @inline(__always)
    private static func digitsValue(_ word: UInt64, _ length: Int) -> UInt64 {
        // The digits moved to the top bytes: the bytes shifted in are leading zeros. Three multiplies combine them.
        var value = (word << UInt64(64 - 8 * length)) & 0x0F0F_0F0F_0F0F_0F0F
        value = (value &* 2561) >> 8
        value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        return ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
    }

    /// Reads a non-negative integer.
    @inline(__always)
    package mutating func unsigned() throws(LineError) -> UInt64 {
        // Up to seven digits (every seq, object id and thread of a trace below ten million) as one word: the first
        // byte that is not a digit is found with a SWAR test and the digits are combined by three multiplies, so no
        // loop exit depends on the number's length (a mispredicted branch per number in the loop below).
        if end - position >= 8 {
            let word = UnsafeRawPointer(position).loadUnaligned(as: UInt64.self)
            let length = Self.leadingDigits(word)
            if length > 0, length < 8, Self.endsNumber(position[length]) {
                position += length
                return Self.digitsValue(word, length)
            }
        }
        let start = position
        var value: UInt64 = 0
        // Nineteen digits always fit in a UInt64; only a longer number needs overflow checks.
        let fastEnd = end - position > 19 ? position + 19 : end
        while position < fastEnd {
            let digit = position.pointee &- 0x30
            guard digit < 10 else { break }
            value = value &* 10 &+ UInt64(digit)
            position += 1
        }
        while position < end {
            let digit = position.pointee &- 0x30
            guard digit < 10 else { break }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { throw LineError(reason: "number too large at column \(start - lineStart + 1)") }
            value = sum
            position += 1
        }
        guard position > start, Self.endsNumber(current) else {
            position = start
            throw unexpected(expected: "a non-negative integer")
        }
        return value
    }

    /// Reads an integer that may be negative.
    mutating func signed() throws(LineError) -> Int {
        let start = position
        let negative = current == 0x2D
        if negative { position += 1 }
        let magnitude = try unsigned()
        if negative {
            guard magnitude <= UInt64(Int.max) + 1 else { throw LineError(reason: "number too small at column \(start - lineStart + 1)") }
            return magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
        }
        guard magnitude <= UInt64(Int.max) else { throw LineError(reason: "number too large at column \(start - lineStart + 1)") }
        return Int(magnitude)
    }

    /// 10 to the power `exponent`, 1 to 7, as an integer.
    @inline(__always)
    private static func integerPowerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        default: 10_000_000
        }
    }

    // Exact powers of ten up to 1e22 (every one is representable in a Double).
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        default:
            (10...exponent).reduce(1e9) { value, _ in value * 10 }
        }
    }

    /// Reads a JSON number as a finite `Double`.
    mutating func double() throws(LineError) -> Double {
        // What writers emit (`t`: up to seven digits, a point, up to seven more) a word at a time, as `unsigned` reads
        // an integer: no loop exit per digit (#24's profile put `double` at 150 instructions an event).
        if end - position >= 16 {
            let word = UnsafeRawPointer(position).loadUnaligned(as: UInt64.self)
            let wholeLength = Self.leadingDigits(word)
            // Sixteen bytes hold both words: the fraction's starts at most eight bytes in.
            if wholeLength > 0, wholeLength < 8, position[wholeLength] == 0x2E {
                let fractionStart = position + wholeLength + 1
                let fractionWord = UnsafeRawPointer(fractionStart).loadUnaligned(as: UInt64.self)
                let fractionLength = Self.leadingDigits(fractionWord)
                if fractionLength > 0, fractionLength < 8, Self.endsNumber(fractionStart[fractionLength]) {
                    position = fractionStart + fractionLength
                    // At most 14 digits: exact in a Double, so one division rounds correctly (as below).
                    let digits = Self.digitsValue(word, wholeLength) &* Self.integerPowerOfTen(fractionLength)
                        &+ Self.digitsValue(fractionWord, fractionLength)
                    return Double(digits) / Self.powerOfTen(fractionLength)
                }
            }
        }
        // Otherwise in one tight pass; anything else (a sign, an exponent, 20 digits, a malformed number) is left to
        // the general reading below, from the start.
        var scan = position
        var whole: UInt64 = 0
        while scan < end, scan.pointee &- 0x30 < 10 {
            whole = whole &* 10 &+ UInt64(scan.pointee &- 0x30)
            scan += 1
        }
        let wholeDigits = scan - position
        if wholeDigits > 0, wholeDigits <= 15 {
            var fractionDigits = 0
            var point = false
            if scan < end, scan.pointee == 0x2E {
                point = true
                let fractionStart = scan + 1
                scan = fractionStart
                while scan < end, scan.pointee &- 0x30 < 10 {
                    whole = whole &* 10 &+ UInt64(scan.pointee &- 0x30)
                    scan += 1
                }
                fractionDigits = scan - fractionStart
            }
            // 15 digits in all keep the mantissa exact (below 2^53), so one division rounds correctly.
            if wholeDigits + fractionDigits <= 15, !point || fractionDigits > 0, scan >= end || Self.endsNumber(scan.pointee) {
                position = scan
                return Double(whole) / Self.powerOfTen(fractionDigits)
            }
        }
        let start = position
        var negative = false
        if current == 0x2D { negative = true; position += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var simple = true
        while position < end, position.pointee &- 0x30 < 10 {
            if digits < 19 { mantissa = mantissa * 10 + UInt64(position.pointee - 0x30) } else { simple = false }
            digits += 1
            position += 1
        }
        guard digits > 0 else {
            position = start
            throw unexpected(expected: "a number")
        }
        if current == 0x2E {
            position += 1
            let fractionStart = position
            while position < end, position.pointee &- 0x30 < 10 {
                if digits < 19 { mantissa = mantissa * 10 + UInt64(position.pointee - 0x30); fractionDigits += 1 } else { simple = false }
                digits += 1
                position += 1
            }
            guard position > fractionStart else { throw unexpected(expected: "a digit after the decimal point") }
        }
        if current == 0x65 || current == 0x45 {
            simple = false
            position += 1
            if current == 0x2B || current == 0x2D { position += 1 }
            let exponentStart = position
            while position < end, position.pointee &- 0x30 < 10 { position += 1 }
            guard position > exponentStart else { throw unexpected(expected: "exponent digits") }
        }
        guard Self.endsNumber(current) else { throw unexpected(expected: "the end of a number") }
        // Exact integer over an exact power of ten: one correctly rounded division.
        if simple, mantissa < 1 << 53, fractionDigits <= 22 {
            let value = Double(mantissa) / Self.powerOfTen(fractionDigits)
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(start: start, count: position - start), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw LineError(reason: "number out of range at column \(column)") }
        return value
    }

    /// Reads `true` or `false`.
    mutating func bool() throws(LineError) -> Bool {
        if consume("true") { return true }
        if consume("false") { return false }
        throw unexpected(expected: "true or false")
    }

    /// Consumes `null` if it is under the cursor.
    @inline(__always)
    package mutating func skipNull() -> Bool {
        current == 0x6E && consume("null")
    }


    /// Skips any JSON value (for keys this version does not know).
    package mutating func skipValue(depth: Int = 0) throws(LineError) {
        guard depth < 64 else { throw LineError(reason: "value nested too deeply") }
        skipSpace()
        switch current {
        case 0x22:
            _ = try rawString()
        case 0x7B:
            position += 1
            skipSpace()
            if current == 0x7D { position += 1; return }
            while true {
                skipSpace()
                _ = try rawString()
                try expect(0x3A, "':'")
                try skipValue(depth: depth + 1)
                skipSpace()
                if current == 0x2C { position += 1; continue }
                try expect(0x7D, "',' or '}'")
                return
            }
        case 0x5B:
            position += 1
            skipSpace()
            if current == 0x5D { position += 1; return }
            while true {
                try skipValue(depth: depth + 1)
                skipSpace()
                if current == 0x2C { position += 1; continue }
                try expect(0x5D, "',' or ']'")
                return
            }
        case 0x74, 0x66:
            _ = try bool()
        case 0x6E:
            guard skipNull() else { throw unexpected(expected: "a value") }
        default:
            _ = try double()
        }
    }
}
