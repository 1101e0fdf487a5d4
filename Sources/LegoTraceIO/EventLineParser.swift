import LegoModel

/// The purpose-built parser for one event line: any key order, unknown keys skipped, no intermediate JSON tree.
struct EventLineParser {
    /// What one line turned out to be.
    enum Outcome {
        /// A complete event of a known kind, now in `event`.
        case event
        /// A well-formed event of a kind this version does not know (from a newer producer); `event.seq` is set.
        case unknownKind(String)
        /// A line holding only whitespace.
        case blank
    }

    /// An event with every optional field absent (what `clear(_:)` makes of an event).
    static let blankEvent = TraceEvent(kind: .link)

    /// Makes `event` blank again in place, field by field.
    ///
    /// Assigning `blankEvent` instead goes through the struct's generic copy witness and a lazy global
    /// (measured: ~4% of a check); clearing only releases what the previous line set.
    ///
    /// A field that holds a reference is set to nil only when it is not nil already: the assignment releases the old
    /// value through a runtime call even when that value is nil (six calls a line, most of them for nothing).
    @inline(__always)
    static func clear(_ event: inout TraceEvent) {
        event.seq = 0; event.time = 0; event.thread = 0; event.kind = .link
        event.object = nil; event.peer = nil; event.layer = nil; event.relation = nil; event.effect = nil
        event.operation = nil; event.moduleKind = nil; event.count = nil; event.ok = nil; event.line = nil
        if event.name != nil { event.name = nil }
        if event.className != nil { event.className = nil }
        if event.peerName != nil { event.peerName = nil }
        if event.url != nil { event.url = nil }
        if event.gene != nil { event.gene = nil }
        if event.value != nil { event.value = nil }
        if event.objects != nil { event.objects = nil }
        if event.params != nil { event.params = nil }
    }

    private enum Key {
        case seq, time, thread, kind, name, className, object, peer, peerName, url, layer, relation
        case effect, operation, moduleKind, gene, value, count, ok, objects, params, line, unknown
    }

    private var interner = StringInterner()
    private var scratch: [UInt8] = []
    private let kinds = ByteTable(TraceEvent.Kind.allCases)
    private let layers = ByteTable(TraceEvent.Layer.allCases)
    private let relations = ByteTable(TraceEvent.Relation.allCases)
    private let effects = ByteTable(TraceEvent.RegistryEffect.allCases)
    private let operations = ByteTable(TraceEvent.Operation.allCases)
    private let moduleKinds = ByteTable(TraceEvent.ModuleKind.allCases)

    /// Creates a parser with an empty string cache.
    init() {}

    /// Parses one line (without its newline) into `event`, which must start as `blankEvent`.
    ///
    /// Filling the caller's event in place avoids copying the ~200-byte struct per line (measured ~15% of reading).
    mutating func parse(_ line: UnsafeBufferPointer<UInt8>, into event: inout TraceEvent) throws(LineError) -> Outcome {
        guard !line.isEmpty else { return .blank }
        var cursor = JSONCursor(line)
        cursor.skipSpace()
        if cursor.isAtEnd { return .blank }
        try cursor.expect(0x7B, "'{' starting an event object")

        var seq: UInt64?
        var time: Double = 0
        var thread: UInt32 = 0
        var kind: TraceEvent.Kind?
        var unknownKind: String?

        cursor.skipSpace()
        if cursor.current == 0x7D {
            cursor.advance()
        } else {
            // Writers put seq, t, th and kind first, in that order: take them without the general key
            // dispatch while the line follows that shape, then continue with the general loop.
            // JSON allows whitespace before a value (`"seq": 1`, as Python's json.dumps writes it): skipSpace costs one
            // compare when there is none. A null value means absent, as in the general loop.
            var afterMember = false
            if cursor.consume("\"seq\":") {
                cursor.skipSpace()
                if !cursor.skipNull() { seq = try cursor.unsigned() }
                afterMember = true
                if cursor.consume(",\"t\":") {
                    cursor.skipSpace()
                    if !cursor.skipNull() { time = try cursor.double() }
                    if cursor.consume(",\"th\":") {
                        cursor.skipSpace()
                        if !cursor.skipNull() {
                            let value = try cursor.unsigned()
                            guard value <= UInt64(UInt32.max) else { throw LineError(reason: "\"th\" is too large") }
                            thread = UInt32(value)
                        }
                        if cursor.consume(",\"kind\":\"") {
                            cursor.back()
                            try parseKind(&cursor, &kind, &unknownKind)
                        }
                    }
                }
            }
            // Whitespace is looked for only where the byte writers put there (a comma, a quote, a colon, a value) is
            // not found: a call to skip it at each of those four places was a sixth of this loop (`perf annotate`).
            while true {
                if afterMember {
                    if cursor.current == 0x2C {
                        cursor.advance()
                    } else {
                        cursor.skipSpace()
                        if cursor.current == 0x2C {
                            cursor.advance()
                        } else {
                            try cursor.expect(0x7D, "',' or '}'")
                            break
                        }
                    }
                }
                afterMember = true
                let key: Key
                if let word = cursor.shortKeyWord() {
                    key = Self.key(word: word)
                } else {
                    cursor.skipSpace()
                    if let word = cursor.shortKeyWord() {
                        key = Self.key(word: word)
                    } else {
                        let (keyBytes, keyEscaped) = try cursor.rawString()
                        key = keyEscaped ? try unescapedKey(keyBytes) : Self.key(keyBytes)
                    }
                }
                if cursor.current == 0x3A {
                    cursor.advance()
                } else {
                    try cursor.expect(0x3A, "':' after a key")
                }
                if cursor.current <= 0x20 { cursor.skipSpace() }
                if key == .unknown {
                    try cursor.skipValue()
                } else if cursor.skipNull() {
                    // null means absent, for every field.
                } else {
                    switch key {
                    case .seq: seq = try cursor.unsigned()
                    case .time: time = try cursor.double()
                    case .thread:
                        let value = try cursor.unsigned()
                        guard value <= UInt64(UInt32.max) else { throw LineError(reason: "\"th\" is too large") }
                        thread = UInt32(value)
                    case .kind: try parseKind(&cursor, &kind, &unknownKind)
                    case .name: event.name = try stringValue(&cursor)
                    case .className: event.className = try stringValue(&cursor)
                    case .object: event.object = try cursor.unsigned()
                    case .peer: event.peer = try cursor.unsigned()
                    case .peerName: event.peerName = try stringValue(&cursor)
                    case .url: event.url = try stringValue(&cursor)
                    case .layer: event.layer = try enumValue(Self.enumLookup(layers, &cursor, &scratch), "layer")
                    case .relation: event.relation = try enumValue(Self.enumLookup(relations, &cursor, &scratch), "rel")
                    case .effect: event.effect = try enumValue(Self.enumLookup(effects, &cursor, &scratch), "effect")
                    case .operation: event.operation = try enumValue(Self.enumLookup(operations, &cursor, &scratch), "op")
                    case .moduleKind: event.moduleKind = try enumValue(Self.enumLookup(moduleKinds, &cursor, &scratch), "mk")
                    case .gene: event.gene = try stringValue(&cursor)
                    case .value: event.value = try stringValue(&cursor)
                    case .count: event.count = try cursor.signed()
                    case .ok: event.ok = try cursor.bool()
                    case .objects: event.objects = try objectList(&cursor)
                    case .params: event.params = try parameters(&cursor)
                    case .line: event.line = try cursor.signed()
                    case .unknown: break
                    }
                }
            }
        }
        cursor.skipSpace()
        guard cursor.isAtEnd else { throw cursor.unexpected(expected: "the end of the line after the event") }
        guard let seq else { throw LineError(reason: "event has no \"seq\"") }
        guard seq > 0 else { throw LineError(reason: "\"seq\" must be at least 1") }
        guard time >= 0 else { throw LineError(reason: "\"t\" must not be negative") }
        event.seq = seq
        if let unknownKind { return .unknownKind(unknownKind) }
        guard let kind else { throw LineError(reason: "event has no \"kind\"") }
        event.time = time
        event.thread = thread
        event.kind = kind
        return .event
    }

    // MARK: - Values

    private mutating func parseKind(_ cursor: inout JSONCursor, _ kind: inout TraceEvent.Kind?, _ unknownKind: inout String?) throws(LineError) {
        let (bytes, escaped) = try cursor.rawString()
        if let known = try Self.lookup(kinds, bytes, escaped, &scratch) {
            kind = known
            unknownKind = nil
        } else if bytes.isEmpty {
            throw LineError(reason: "\"kind\" is empty")
        } else {
            unknownKind = try string(bytes, escaped)
        }
    }

    private mutating func stringValue(_ cursor: inout JSONCursor) throws(LineError) -> String {
        let (bytes, escaped) = try cursor.rawString()
        return try string(bytes, escaped)
    }

    private mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, _ escaped: Bool) throws(LineError) -> String {
        guard escaped else { return interner.string(bytes) }
        try JSONCursor.unescape(bytes, into: &scratch)
        return scratch.withUnsafeBufferPointer { interner.decode($0) }
    }

    /// Whether a string of the lines parsed since the last call was invalid UTF-8 (repaired with U+FFFD); resets it.
    mutating func takeRepairedInvalidUTF8() -> Bool {
        guard interner.repairedInvalidUTF8 else { return false }
        interner.repairedInvalidUTF8 = false
        return true
    }

    // Static, with the scratch buffer passed apart: as a `mutating` method taking the table by value, every lookup
    // copied the table (five arrays retained and released) out of `self` (#24's profile).
    private static func lookup<Value>(_ table: borrowing ByteTable<Value>, _ bytes: UnsafeBufferPointer<UInt8>, _ escaped: Bool,
                                      _ scratch: inout [UInt8]) throws(LineError) -> Value? {
        guard escaped else { return table.lookup(bytes) }
        try JSONCursor.unescape(bytes, into: &scratch)
        return scratch.withUnsafeBufferPointer { table.lookup($0) }
    }

    /// Reads a string value and looks it up in `table`; what was read comes back too, for `enumValue`'s error.
    private static func enumLookup<Value>(_ table: borrowing ByteTable<Value>, _ cursor: inout JSONCursor, _ scratch: inout [UInt8])
        throws(LineError) -> (value: Value?, bytes: UnsafeBufferPointer<UInt8>, escaped: Bool) {
        let (bytes, escaped) = try cursor.rawString()
        return (try lookup(table, bytes, escaped, &scratch), bytes, escaped)
    }

    private mutating func enumValue<Value>(_ found: (value: Value?, bytes: UnsafeBufferPointer<UInt8>, escaped: Bool),
                                           _ key: StaticString) throws(LineError) -> Value {
        if let value = found.value { return value }
        let text = try string(found.bytes, found.escaped)
        throw LineError(reason: "unknown \"\(key)\" value \"\(text)\"")
    }

    private func objectList(_ cursor: inout JSONCursor) throws(LineError) -> [ObjectID] {
        try cursor.expect(0x5B, "'[' starting \"objs\"")
        var objects: [ObjectID] = []
        objects.reserveCapacity(4)
        cursor.skipSpace()
        if cursor.current == 0x5D {
            cursor.advance()
            return objects
        }
        while true {
            cursor.skipSpace()
            objects.append(try cursor.unsigned())
            cursor.skipSpace()
            if cursor.current == 0x2C {
                cursor.advance()
                continue
            }
            try cursor.expect(0x5D, "',' or ']' in \"objs\"")
            return objects
        }
    }

    private mutating func parameters(_ cursor: inout JSONCursor) throws(LineError) -> [Parameter] {
        try cursor.expect(0x7B, "'{' starting \"params\"")
        // Room for a usual query up front: growing from empty allocated twice for two items.
        var params: [Parameter] = []
        params.reserveCapacity(4)
        cursor.skipSpace()
        if cursor.current == 0x7D {
            cursor.advance()
            return params
        }
        while true {
            cursor.skipSpace()
            let key = try stringValue(&cursor)
            try cursor.expect(0x3A, "':' in \"params\"")
            cursor.skipSpace()
            guard cursor.current == 0x22 else { throw cursor.unexpected(expected: "a string value in \"params\"") }
            let value = try stringValue(&cursor)
            params.append(Parameter(key: key, value: value))
            cursor.skipSpace()
            if cursor.current == 0x2C {
                cursor.advance()
                continue
            }
            try cursor.expect(0x7D, "',' or '}' in \"params\"")
            return params
        }
    }

    // MARK: - Keys

    private mutating func unescapedKey(_ bytes: UnsafeBufferPointer<UInt8>) throws(LineError) -> Key {
        try JSONCursor.unescape(bytes, into: &scratch)
        return scratch.withUnsafeBufferPointer { Self.key($0) }
    }

    // Every key of format v1 fits in eight bytes: compare the key as one little-endian word.
    @inline(__always)
    private static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> Key {
        let count = bytes.count
        guard count <= 8, count > 0, let pointer = bytes.baseAddress else { return .unknown }
        var word: UInt64 = 0
        for index in 0..<count { word |= UInt64(pointer[index]) << (8 * UInt64(index)) }
        return key(word: word)
    }

    /// The key spelled by `word` (its UTF-8 bytes, little-endian, as `KeyWord` has them).
    @inline(__always)
    private static func key(word: UInt64) -> Key {
        switch word {
        case KeyWord.seq: return .seq
        case KeyWord.time: return .time
        case KeyWord.thread: return .thread
        case KeyWord.kind: return .kind
        case KeyWord.name: return .name
        case KeyWord.object: return .object
        case KeyWord.className: return .className
        case KeyWord.peer: return .peer
        case KeyWord.url: return .url
        case KeyWord.layer: return .layer
        case KeyWord.relation: return .relation
        case KeyWord.effect: return .effect
        case KeyWord.operation: return .operation
        case KeyWord.ok: return .ok
        case KeyWord.value: return .value
        case KeyWord.count: return .count
        case KeyWord.objects: return .objects
        case KeyWord.moduleKind: return .moduleKind
        case KeyWord.gene: return .gene
        case KeyWord.peerName: return .peerName
        case KeyWord.params: return .params
        case KeyWord.line: return .line
        default: return .unknown
        }
    }
}

/// The JSON keys of format v1 as little-endian words of their UTF-8 bytes (checked by a test).
enum KeyWord {
    /// `"seq"`.
    static let seq: UInt64 = 0x716573
    /// `"t"`.
    static let time: UInt64 = 0x74
    /// `"th"`.
    static let thread: UInt64 = 0x6874
    /// `"kind"`.
    static let kind: UInt64 = 0x646E696B
    /// `"name"`.
    static let name: UInt64 = 0x656D616E
    /// `"obj"`.
    static let object: UInt64 = 0x6A626F
    /// `"cls"`.
    static let className: UInt64 = 0x736C63
    /// `"peer"`.
    static let peer: UInt64 = 0x72656570
    /// `"url"`.
    static let url: UInt64 = 0x6C7275
    /// `"layer"`.
    static let layer: UInt64 = 0x726579616C
    /// `"rel"`.
    static let relation: UInt64 = 0x6C6572
    /// `"effect"`.
    static let effect: UInt64 = 0x746365666665
    /// `"op"`.
    static let operation: UInt64 = 0x706F
    /// `"ok"`.
    static let ok: UInt64 = 0x6B6F
    /// `"value"`.
    static let value: UInt64 = 0x65756C6176
    /// `"n"`.
    static let count: UInt64 = 0x6E
    /// `"objs"`.
    static let objects: UInt64 = 0x736A626F
    /// `"mk"`.
    static let moduleKind: UInt64 = 0x6B6D
    /// `"gene"`.
    static let gene: UInt64 = 0x656E6567
    /// `"peerName"`.
    static let peerName: UInt64 = 0x656D614E72656570
    /// `"params"`.
    static let params: UInt64 = 0x736D61726170
    /// `"line"`.
    static let line: UInt64 = 0x656E696C

    /// The word for `key` (up to eight bytes).
    static func word(_ key: String) -> UInt64 {
        var word: UInt64 = 0
        for (index, byte) in key.utf8.prefix(8).enumerated() { word |= UInt64(byte) << (8 * UInt64(index)) }
        return word
    }
}

/// Looks up a `String`-backed enum case by its raw value's UTF-8 bytes without creating a `String`.
///
/// Open addressing on (length, first eight bytes, last eight bytes): for values of up to 16 bytes that
/// triple is the value itself, so a hit needs no byte comparison; longer values are compared in full.
struct ByteTable<Value> {
    // Sized from the cases (a power of two at least twice their number) so a new kind never overflows it:
    // a fixed 64 slots with a precondition once meant the 32nd kind would have stopped every read.
    private let slotCount: Int
    private let shift: UInt64
    private var lengths: [Int]
    private var firsts: [UInt64]
    private var lasts: [UInt64]
    private var values: [Value?]
    private var fullBytes: [[UInt8]]

    /// Indexes `cases` by raw value.
    init(_ cases: [Value]) where Value: RawRepresentable, Value.RawValue == String {
        var bits = 4
        while 1 << bits < cases.count * 2 { bits += 1 }
        slotCount = 1 << bits
        shift = UInt64(64 - bits)
        lengths = Array(repeating: -1, count: slotCount)
        firsts = Array(repeating: 0, count: slotCount)
        lasts = Array(repeating: 0, count: slotCount)
        values = Array(repeating: nil, count: slotCount)
        fullBytes = Array(repeating: [], count: slotCount)
        for value in cases {
            let bytes = Array(value.rawValue.utf8)
            let (first, last) = bytes.withUnsafeBufferPointer { Self.words($0) }
            var slot = self.slot(bytes.count, first, last)
            while lengths[slot] != -1 { slot = (slot + 1) & (slotCount - 1) }
            lengths[slot] = bytes.count
            firsts[slot] = first
            lasts[slot] = last
            values[slot] = value
            fullBytes[slot] = bytes
        }
    }

    /// The case whose raw value is `bytes`, if any.
    @inline(__always)
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        let count = bytes.count
        guard count > 0, let pointer = bytes.baseAddress else { return nil }
        let (first, last) = Self.words(bytes)
        var slot = self.slot(count, first, last)
        while true {
            let length = lengths[slot]
            if length == -1 { return nil }
            if length == count, firsts[slot] == first, lasts[slot] == last {
                if count <= 16 { return values[slot] }
                let equal = fullBytes[slot].withUnsafeBufferPointer { memcmpBytes($0.baseAddress!, pointer, count) }
                if equal { return values[slot] }
            }
            slot = (slot + 1) & (slotCount - 1)
        }
    }

    @inline(__always)
    private static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        let count = bytes.count
        guard count > 0, let pointer = bytes.baseAddress else { return (0, 0) }
        if count >= 8 {
            let raw = UnsafeRawPointer(pointer)
            return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        var word: UInt64 = 0
        for index in 0..<count { word |= UInt64(pointer[index]) << (8 * UInt64(index)) }
        return (word, word)
    }

    @inline(__always)
    private func slot(_ count: Int, _ first: UInt64, _ last: UInt64) -> Int {
        let mixed = (first &* 0x9E37_79B9_7F4A_7C15) ^ (last &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: count)
        return Int(truncatingIfNeeded: (mixed &* 0xFF51_AFD7_ED55_8CCD) >> shift)
    }
}
