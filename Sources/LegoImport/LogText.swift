/// Byte-level helpers for reading one console line without building strings.
enum LogText {
    /// `range` without leading and trailing spaces and tabs (the logs' stray tabs).
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, bytes[start] == 0x09 || bytes[start] == 0x20 { start += 1 }
        while end > start, bytes[end - 1] == 0x09 || bytes[end - 1] == 0x20 { end -= 1 }
        return start..<end
    }

    /// Whether `range` starts with `literal`.
    static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ literal: [UInt8]) -> Bool {
        guard range.count >= literal.count else { return false }
        var index = range.lowerBound
        for byte in literal {
            if bytes[index] != byte { return false }
            index += 1
        }
        return true
    }

    /// Whether `range` ends with `literal`.
    static func hasSuffix(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ literal: [UInt8]) -> Bool {
        guard range.count >= literal.count else { return false }
        var index = range.upperBound - literal.count
        for byte in literal {
            if bytes[index] != byte { return false }
            index += 1
        }
        return true
    }

    /// Whether `range` is exactly `literal`.
    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ literal: [UInt8]) -> Bool {
        range.count == literal.count && hasPrefix(bytes, range, literal)
    }

    /// The bytes of `range` as a string, or nil when they are not valid UTF-8.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// A decimal number filling `range`.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count <= 18 else { return nil }
        var value = 0
        for index in range {
            let byte = bytes[index]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// Whether `range` holds a control byte other than tab (a sign of binary junk in a block).
    static func hasControlByte(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        for index in range {
            let byte = bytes[index]
            if (byte < 0x20 && byte != 0x09) || byte == 0x7F { return true }
        }
        return false
    }

    /// In a raw line led by another tool's columns (`log stream`: time, thread, type, pid, `App:`), the range of
    /// a framework header that ends the line, or nil.
    static func embeddedHeader(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int>? {
        for literal in [Literal.routingLink, Literal.componentLog, Literal.routingCount, Literal.modulePrefix] {
            guard let start = find(bytes, range, literal), start > range.lowerBound, bytes[start - 1] == 0x20 else { continue }
            let rest = trimmed(bytes, (start + literal.count)..<range.upperBound)
            switch literal {
            case Literal.routingLink, Literal.componentLog:
                if rest.isEmpty { return start..<range.upperBound }
            case Literal.routingCount:
                if number(bytes, rest) != nil { return start..<range.upperBound }
            default:
                if !rest.isEmpty, !rest.contains(where: { bytes[$0] == 0x20 }) { return start..<range.upperBound }
            }
        }
        return nil
    }

    /// The first index where `literal` occurs in `range`.
    private static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ literal: [UInt8]) -> Int? {
        guard range.count >= literal.count else { return nil }
        var index = range.lowerBound
        while index <= range.upperBound - literal.count {
            if bytes[index] == literal[0], hasPrefix(bytes, index..<range.upperBound, literal) { return index }
            index += 1
        }
        return nil
    }

    /// Parses an entry name: a class or component name, `(null)`, or `<Class: 0xADDRESS>`.
    static func entryName(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> EntryName? {
        guard !range.isEmpty else { return nil }
        if equals(bytes, range, Literal.null) { return EntryName(text: "(null)", address: nil, isNull: true) }
        if bytes[range.lowerBound] == 0x3C, bytes[range.upperBound - 1] == 0x3E {
            // `<BDJPostRouting: 0x7fd3c8c0a2b0>`: what `%@` prints for an object; its address is its identity.
            let inner = (range.lowerBound + 1)..<(range.upperBound - 1)
            var colon = inner.lowerBound
            while colon < inner.upperBound, bytes[colon] != 0x3A { colon += 1 }
            let addressRange = trimmed(bytes, (min(colon + 1, inner.upperBound))..<inner.upperBound)
            if colon < inner.upperBound, hasPrefix(bytes, addressRange, Literal.hexPrefix) {
                guard isName(bytes, inner.lowerBound..<colon), let text = string(bytes, inner.lowerBound..<colon),
                      let address = string(bytes, addressRange), !address.contains(" ")
                else { return nil }
                return EntryName(text: text, address: address, isNull: false)
            }
        }
        guard isName(bytes, range), let text = string(bytes, range) else { return nil }
        return EntryName(text: text, address: nil, isNull: false)
    }

    /// Class and component names never hold whitespace, control bytes or brackets.
    private static func isName(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        for index in range {
            switch bytes[index] {
            case 0...0x20, 0x7F, 0x28, 0x29, 0x5B, 0x5D: return false
            default: continue
            }
        }
        return true
    }

    /// Byte literals of the two logs.
    enum Literal {
        static let null = Array("(null)".utf8)
        static let hexPrefix = Array("0x".utf8)
        static let routingCount = Array("current routing count:".utf8)
        static let routingLink = Array("Routing link:".utf8)
        static let componentLog = Array("Component trace log:".utf8)
        static let modulePrefix = Array("inspectModulePrefix:".utf8)
        static let rootRouting = Array("Root Routing(".utf8)
        static let subRoutingFrom = Array("Sub Routing from ".utf8)
        static let subRoutingList = Array("Sub Routing: (".utf8)
        static let blockOpenEnd = Array("): (".utf8)
        static let arrow = Array("-> ".utf8)
        static let open = Array("(".utf8)
        static let close = Array(")".utf8)
        static let childrenOpen = Array("[".utf8)
        static let childrenClose = Array("]".utf8)
    }
}

/// A name as a log line prints it.
struct EntryName: Sendable, Hashable {
    /// The class (routing log) or component name (component log); `(null)` when the entry was gone.
    var text: String
    /// The object address, when the line printed one (`<Class: 0x…>`).
    var address: String?
    /// Whether the line printed `(null)`: the name was still registered but its object had been released.
    var isNull: Bool
}
