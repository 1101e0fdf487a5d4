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
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if isControl(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else if scalar == "[", TerminalText.opensLegacyCommand(out) {
                    out += "\\u005b"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// `text` as a quoted JSON string.
    public static func quoted(_ text: String) -> String {
        var out = ""
        appendQuoted(text, to: &out)
        return out
    }
}
