/// JSON string literals for the human-facing JSON outputs (findings reports, graph JSON), written once.
public enum JSONText {
    /// Whether a scalar must not appear raw in output a person may paste into a terminal or a script:
    /// C0/C1 controls, DEL, bidi controls, U+2028/2029 and the BOM.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// Appends `text` as a quoted JSON string: quote and backslash escaped, every control scalar as `\uXXXX`, and a `[`
    /// after `##` as `\u005b` (GitHub's runner runs `##[command]` found anywhere in a line of a CI log).
    public static func appendQuoted(_ text: String, to out: inout String) {
        out += "\""
        // Runs of scalars that need nothing are appended whole: a scalar at a time was a quarter of writing a JSON scan
        // report (callgrind on a generated 500-file app).
        let scalars = text.unicodeScalars
        var runStart = scalars.startIndex
        var index = runStart
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let value = scalar.value
            if (value >= 0x20 && value < 0x7F && scalar != "\"" && scalar != "\\" && scalar != "[") || (value >= 0xA0 && !isControl(scalar)) {
                index = scalars.index(after: index)
                continue
            }
            if runStart != index { out += Substring(scalars[runStart..<index]) }
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "[": out += TerminalText.opensLegacyCommand(out) ? "\\u005b" : "["
            default:
                let hex = String(value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            index = scalars.index(after: index)
            runStart = index
        }
        if runStart != index { out += Substring(scalars[runStart..<index]) }
        out += "\""
    }

    /// `text` as a quoted JSON string.
    public static func quoted(_ text: String) -> String {
        var out = ""
        appendQuoted(text, to: &out)
        return out
    }
}
