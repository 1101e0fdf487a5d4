import LegoModel

/// Parses and checks the header line: format name, version (a newer major version is refused) and metadata.
enum HeaderParser {
    /// The header on `line`, or an error naming `file`.
    static func parse(_ line: UnsafeBufferPointer<UInt8>, file: String) throws(TraceIOError) -> TraceHeader {
        let fields: [String: HeaderValue]
        do {
            fields = try readObject(line)
        } catch {
            throw .invalidHeader(file: file, reason: "the first line is not a lego-trace header (\(error.reason))")
        }
        guard case .text(let format)? = fields["format"] else {
            throw .invalidHeader(file: file, reason: "the first line is not a lego-trace header (no \"format\"; is this a lego-trace trace?)")
        }
        guard format == TraceHeader.formatName else {
            throw .invalidHeader(file: file, reason: "not a lego-trace trace (format \"\(format)\", expected \"\(TraceHeader.formatName)\")")
        }
        let versionText: String
        switch fields["version"] {
        case .text(let text)?: versionText = text
        case .number(let text)?: versionText = text
        case nil: throw .invalidHeader(file: file, reason: "the header has no \"version\"")
        }
        guard let version = FormatVersion(versionText), version.major >= 0, version.minor >= 0 else {
            throw .invalidHeader(file: file, reason: "the header's version \"\(versionText)\" is not MAJOR.MINOR")
        }
        guard (TraceHeader.currentVersion.major...TraceHeader.newestMajorVersion).contains(version.major) else {
            throw .unsupportedVersion(file: file, version: version)
        }
        var framework = Framework.default
        var frameworkVersion: String?
        if let named = fields["framework"] {
            // A number or an empty string names no framework either: refusing it is safer than guessing.
            guard let text = named.text, let parsed = Framework.parseHeaderValue(text) else {
                throw .unknownFramework(file: file, name: named.text ?? named.raw)
            }
            framework = parsed.framework
            frameworkVersion = parsed.version
        }
        if let explicit = fields["frameworkVersion"] { frameworkVersion = explicit.raw }
        var header = TraceHeader(
            producer: fields["producer"]?.text ?? "",
            start: fields["start"]?.text ?? "",
            app: fields["app"]?.text ?? "",
            source: fields["source"]?.text ?? "runtime",
            importedFrom: fields["importedFrom"]?.text,
            scenario: fields["scenario"]?.text,
            framework: framework,
            frameworkVersion: frameworkVersion
        )
        header.version = version
        return header
    }

    private enum HeaderValue {
        case text(String)
        case number(String)

        var text: String? {
            if case .text(let text) = self { return text }
            return nil
        }

        /// The value as written, string or number.
        var raw: String {
            switch self {
            case .text(let text), .number(let text): text
            }
        }
    }

    // A flat object of string (or number) values; other values are skipped so newer headers still read.
    private static func readObject(_ line: UnsafeBufferPointer<UInt8>) throws(LineError) -> [String: HeaderValue] {
        guard !line.isEmpty else { throw LineError(reason: "empty line") }
        var cursor = JSONCursor(line)
        var scratch: [UInt8] = []
        var fields: [String: HeaderValue] = [:]
        try cursor.expect(0x7B, "'{'")
        cursor.skipSpace()
        if cursor.current == 0x7D {
            cursor.advance()
        } else {
            while true {
                cursor.skipSpace()
                let key = try text(&cursor, &scratch)
                try cursor.expect(0x3A, "':'")
                cursor.skipSpace()
                switch cursor.current {
                case 0x22:
                    fields[key] = .text(try text(&cursor, &scratch))
                case 0x2D, 0x30...0x39:
                    let start = cursor.position
                    _ = try cursor.double()
                    fields[key] = .number(String(decoding: UnsafeBufferPointer(start: start, count: cursor.position - start), as: UTF8.self))
                default:
                    try cursor.skipValue()
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
        guard cursor.isAtEnd else { throw cursor.unexpected(expected: "the end of the line") }
        return fields
    }

    private static func text(_ cursor: inout JSONCursor, _ scratch: inout [UInt8]) throws(LineError) -> String {
        let (bytes, escaped) = try cursor.rawString()
        guard escaped else { return String(decoding: bytes, as: UTF8.self) }
        try JSONCursor.unescape(bytes, into: &scratch)
        return String(decoding: scratch, as: UTF8.self)
    }
}
