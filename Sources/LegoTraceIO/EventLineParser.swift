import LegoModel

/// The purpose-built parser for one event line: any key order, unknown keys skipped, no intermediate JSON tree.
struct EventLineParser {
    /// What one line turned out to be.
    enum Outcome {
        /// A complete event of a known kind.
        case event(TraceEvent)
        /// A well-formed event of a kind this version does not know (from a newer producer).
        case unknownKind(String, seq: UInt64)
        /// A line holding only whitespace.
        case blank
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

    /// Parses one line (without its newline).
    mutating func parse(_ line: UnsafeBufferPointer<UInt8>) throws(LineError) -> Outcome {
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
        var event = TraceEvent(kind: .link)

        cursor.skipSpace()
        if cursor.current == 0x7D {
            cursor.advance()
        } else {
            while true {
                cursor.skipSpace()
                let (keyBytes, keyEscaped) = try cursor.rawString()
                let key = keyEscaped ? try unescapedKey(keyBytes) : Self.key(keyBytes)
                try cursor.expect(0x3A, "':' after a key")
                cursor.skipSpace()
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
                    case .kind:
                        let (bytes, escaped) = try cursor.rawString()
                        if let known = try lookup(kinds, bytes, escaped) {
                            kind = known
                            unknownKind = nil
                        } else {
                            unknownKind = try string(bytes, escaped)
                        }
                    case .name: event.name = try stringValue(&cursor)
                    case .className: event.className = try stringValue(&cursor)
                    case .object: event.object = try cursor.unsigned()
                    case .peer: event.peer = try cursor.unsigned()
                    case .peerName: event.peerName = try stringValue(&cursor)
                    case .url: event.url = try stringValue(&cursor)
                    case .layer: event.layer = try enumValue(layers, "layer", &cursor)
                    case .relation: event.relation = try enumValue(relations, "rel", &cursor)
                    case .effect: event.effect = try enumValue(effects, "effect", &cursor)
                    case .operation: event.operation = try enumValue(operations, "op", &cursor)
                    case .moduleKind: event.moduleKind = try enumValue(moduleKinds, "mk", &cursor)
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
                cursor.skipSpace()
                if cursor.current == 0x2C {
                    cursor.advance()
                    continue
                }
                try cursor.expect(0x7D, "',' or '}'")
                break
            }
        }
        cursor.skipSpace()
        guard cursor.isAtEnd else { throw cursor.unexpected(expected: "the end of the line after the event") }
        guard let seq else { throw LineError(reason: "event has no \"seq\"") }
        guard seq > 0 else { throw LineError(reason: "\"seq\" must be at least 1") }
        if let unknownKind { return .unknownKind(unknownKind, seq: seq) }
        guard let kind else { throw LineError(reason: "event has no \"kind\"") }
        event.seq = seq
        event.time = time
        event.thread = thread
        event.kind = kind
        return .event(event)
    }

    // MARK: - Values

    private mutating func stringValue(_ cursor: inout JSONCursor) throws(LineError) -> String {
        let (bytes, escaped) = try cursor.rawString()
        return try string(bytes, escaped)
    }

    private mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, _ escaped: Bool) throws(LineError) -> String {
        guard escaped else { return interner.string(bytes) }
        try JSONCursor.unescape(bytes, into: &scratch)
        return String(decoding: scratch, as: UTF8.self)
    }

    private mutating func lookup<Value>(_ table: ByteTable<Value>, _ bytes: UnsafeBufferPointer<UInt8>, _ escaped: Bool) throws(LineError) -> Value? {
        guard escaped else { return table.lookup(bytes) }
        try JSONCursor.unescape(bytes, into: &scratch)
        return scratch.withUnsafeBufferPointer { table.lookup($0) }
    }

    private mutating func enumValue<Value>(_ table: ByteTable<Value>, _ key: StaticString, _ cursor: inout JSONCursor) throws(LineError) -> Value {
        let (bytes, escaped) = try cursor.rawString()
        if let value = try lookup(table, bytes, escaped) { return value }
        let text = try string(bytes, escaped)
        throw LineError(reason: "unknown \"\(key)\" value \"\(text)\"")
    }

    private func objectList(_ cursor: inout JSONCursor) throws(LineError) -> [ObjectID] {
        try cursor.expect(0x5B, "'[' starting \"objs\"")
        var objects: [ObjectID] = []
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
        var params: [Parameter] = []
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

    @inline(__always)
    private static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> Key {
        guard let pointer = bytes.baseAddress else { return .unknown }
        @inline(__always) func matches(_ literal: StaticString) -> Bool {
            memcmpBytes(pointer, literal.utf8Start, literal.utf8CodeUnitCount)
        }
        switch bytes.count {
        case 1:
            switch pointer.pointee {
            case 0x74: return .time
            case 0x6E: return .count
            default: return .unknown
            }
        case 2:
            if matches("th") { return .thread }
            if matches("ok") { return .ok }
            if matches("op") { return .operation }
            if matches("mk") { return .moduleKind }
        case 3:
            if matches("seq") { return .seq }
            if matches("obj") { return .object }
            if matches("cls") { return .className }
            if matches("url") { return .url }
            if matches("rel") { return .relation }
        case 4:
            if matches("kind") { return .kind }
            if matches("name") { return .name }
            if matches("peer") { return .peer }
            if matches("objs") { return .objects }
            if matches("gene") { return .gene }
            if matches("line") { return .line }
        case 5:
            if matches("value") { return .value }
            if matches("layer") { return .layer }
        case 6:
            if matches("effect") { return .effect }
            if matches("params") { return .params }
        case 8:
            if matches("peerName") { return .peerName }
        default:
            break
        }
        return .unknown
    }
}

/// Looks up a `String`-backed enum case by its raw value's UTF-8 bytes without creating a `String`.
struct ByteTable<Value> {
    private var byLength: [[(bytes: [UInt8], value: Value)]]

    /// Indexes `cases` by raw value.
    init(_ cases: [Value]) where Value: RawRepresentable, Value.RawValue == String {
        let longest = cases.map(\.rawValue.utf8.count).max() ?? 0
        byLength = Array(repeating: [], count: longest + 1)
        for value in cases {
            let bytes = Array(value.rawValue.utf8)
            byLength[bytes.count].append((bytes, value))
        }
    }

    /// The case whose raw value is `bytes`, if any.
    @inline(__always)
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        guard bytes.count < byLength.count, let pointer = bytes.baseAddress else { return nil }
        for entry in byLength[bytes.count] {
            let equal = entry.bytes.withUnsafeBufferPointer { memcmpBytes($0.baseAddress!, pointer, bytes.count) }
            if equal { return entry.value }
        }
        return nil
    }
}
