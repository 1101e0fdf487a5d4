import Foundation
import LegoTraceIO

/// Reads a baseline file in one pass over its bytes, keeping only its entries.
///
/// Foundation's JSONSerialization plus JSONDecoder took 1.0 GB and 20 s (debug build) for 300,000 entries
/// (a 70 MB file); this keeps the file's bytes and the entries, nothing else.
enum BaselineReader {
    /// Parses baseline JSON bytes; `file` names it in errors, which carry the line of the problem.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(AnalysisError) -> Baseline {
        guard bytes.count > 0 else { throw .invalidBaseline(file: file, line: 1, problem: "the file is empty; expected a JSON object") }
        var cursor = JSONCursor(bytes)
        do throws(LineError) {
            cursor.skipSpace()
            guard cursor.current == 0x7B else {
                throw LineError(reason: "not a lego-trace baseline: expected a JSON object with \"version\" and \"entries\", found \(describe(&cursor))")
            }
            let baseline = try object(&cursor)
            cursor.skipSpace()
            guard cursor.isAtEnd else { throw cursor.unexpected(expected: "the end of the file after the baseline object") }
            return baseline
        } catch {
            throw .invalidBaseline(file: file, line: cursor.line, problem: error.reason)
        }
    }

    private static func object(_ cursor: inout JSONCursor) throws(LineError) -> Baseline {
        var version: UInt64?
        var entries: [Baseline.Entry]?
        var scratch: [UInt8] = []
        try cursor.expect(0x7B, "'{'")
        cursor.skipSpace()
        if cursor.current == 0x7D { cursor.advance() } else {
            while true {
                cursor.skipSpace()
                let key = try string(&cursor, &scratch)
                try cursor.expect(0x3A, "':'")
                cursor.skipSpace()
                switch key {
                case "version": version = try cursor.unsigned()
                case "entries": entries = try entryList(&cursor, &scratch)
                default: try cursor.skipValue()
                }
                cursor.skipSpace()
                if cursor.current == 0x2C { cursor.advance(); continue }
                try cursor.expect(0x7D, "',' or '}'")
                break
            }
        }
        guard let version else { throw LineError(reason: "missing 'version'") }
        guard version <= UInt64(Baseline.version) else {
            throw LineError(reason: "baseline version \(version) is newer than this lego-trace understands (\(Baseline.version))")
        }
        guard let entries else { throw LineError(reason: "missing 'entries'") }
        return Baseline(entries: entries)
    }

    private static func entryList(_ cursor: inout JSONCursor, _ scratch: inout [UInt8]) throws(LineError) -> [Baseline.Entry] {
        var entries: [Baseline.Entry] = []
        try cursor.expect(0x5B, "'[' starting \"entries\"")
        cursor.skipSpace()
        if cursor.current == 0x5D {
            cursor.advance()
            return entries
        }
        while true {
            cursor.skipSpace()
            entries.append(try entry(&cursor, &scratch, index: entries.count))
            cursor.skipSpace()
            if cursor.current == 0x2C { cursor.advance(); continue }
            try cursor.expect(0x5D, "',' or ']'")
            return entries
        }
    }

    private static func entry(_ cursor: inout JSONCursor, _ scratch: inout [UInt8], index: Int) throws(LineError) -> Baseline.Entry {
        var fingerprint: String?
        var rule: String?
        var module: String?
        try cursor.expect(0x7B, "'{' starting an entry")
        cursor.skipSpace()
        if cursor.current == 0x7D { cursor.advance() } else {
            while true {
                cursor.skipSpace()
                let key = try string(&cursor, &scratch)
                try cursor.expect(0x3A, "':'")
                cursor.skipSpace()
                switch key {
                case "fingerprint": fingerprint = try string(&cursor, &scratch)
                case "rule": rule = try string(&cursor, &scratch)
                case "module": module = cursor.skipNull() ? nil : try string(&cursor, &scratch)
                default: try cursor.skipValue()
                }
                cursor.skipSpace()
                if cursor.current == 0x2C { cursor.advance(); continue }
                try cursor.expect(0x7D, "',' or '}'")
                break
            }
        }
        guard let fingerprint else { throw LineError(reason: "missing 'fingerprint' at entries[\(index)]") }
        guard let rule else { throw LineError(reason: "missing 'rule' at entries[\(index)]") }
        return Baseline.Entry(fingerprint: fingerprint, rule: rule, module: module)
    }

    private static func string(_ cursor: inout JSONCursor, _ scratch: inout [UInt8]) throws(LineError) -> String {
        guard cursor.current == 0x22 else { throw cursor.unexpected(expected: "a string") }
        let (bytes, escaped) = try cursor.rawString()
        guard escaped else { return String(decoding: bytes, as: UTF8.self) }
        try JSONCursor.unescape(bytes, into: &scratch)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// What starts at the cursor, in words (`null`, `an array`, `a number`), for the top-level error.
    private static func describe(_ cursor: inout JSONCursor) -> String {
        switch cursor.current {
        case 0x6E: cursor.skipNull() ? "null" : "something that is not JSON"
        case 0x5B: "an array"
        case 0x22: "a string"
        case 0x74, 0x66: "a boolean"
        case 0x2D, 0x30...0x39: "a number"
        default: "something that is not JSON"
        }
    }
}
