import LegoModel
/// Escaping shared by the formats: hostile names (newlines, ANSI escapes, bidi overrides) are data, never layout.
package enum Escaping {
    /// Whether a scalar could move the cursor, recolour a terminal, reorder text or break a line when printed raw.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool { JSONText.isControl(scalar) }

    /// The visible spelling of a control scalar: `\n`, `\r`, `\t`, or `\u{1B}`.
    static func visible(_ scalar: Unicode.Scalar) -> String { TerminalText.visible(scalar) }

    /// One line of terminal text: every control scalar and backslash spelled out, so the result never
    /// contains a newline, an escape sequence, a bidi override or `##[`, and `\n` in the output always means one in the data.
    static func text(_ string: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(string.unicodeScalars.count)
        for scalar in string.unicodeScalars {
            if scalar == "\\" {
                out += "\\\\"
            } else if isControl(scalar) {
                out += visible(scalar)
            } else {
                TerminalText.appendDefusingCommands(scalar, to: &out)
            }
        }
        return out
    }

    /// XML 1.0 character data or attribute text: markup characters as entities, line breaks and tabs as
    /// character references in attributes (so parsers keep them), every other control scalar
    /// (most are illegal in XML 1.0) spelled out visibly as `\u{1B}`, and the `[` of `##[` as `&#91;`.
    package static func xml(_ string: String, attribute: Bool) -> String {
        var out = ""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += attribute ? "&quot;" : "\""
            case "'": out += attribute ? "&apos;" : "'"
            case "\n": out += attribute ? "&#10;" : "\n"
            case "\r": out += "&#13;"
            case "\t": out += attribute ? "&#9;" : "\t"
            case "\u{FFFE}", "\u{FFFF}": out += visible(scalar)
            case "[" where TerminalText.opensLegacyCommand(out): out += "&#91;"
            default:
                if isControl(scalar) { out += visible(scalar) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// A GitHub workflow command's message: `%`, CR and LF percent-encoded as the runner decodes them,
    /// other control scalars spelled out (raw ANSI escapes would recolour the log).
    static func githubData(_ string: String) -> String {
        var out = ""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default:
                if isControl(scalar) { out += visible(scalar) } else { TerminalText.appendDefusingCommands(scalar, to: &out) }
            }
        }
        return out
    }

    /// A GitHub workflow command's property value: as `githubData(_:)`, plus `:` and `,` encoded.
    static func githubProperty(_ string: String) -> String {
        var out = ""
        for scalar in githubData(string).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension Escaping {
    /// Plain text made inert as GitHub-flavoured Markdown: every character Markdown or the HTML it allows could act on
    /// is backslash-escaped, and control scalars other than the line breaks the caller keeps are spelled out.
    static func markdown(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if "\\`*_[]<>|~#&!".unicodeScalars.contains(scalar) {
                out += "\\"
                out.unicodeScalars.append(scalar)
            } else if scalar != "\n", isControl(scalar) {
                out += visible(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Text for one Markdown table cell: inert like `markdown(_:)` and on one line (line breaks spelled `\n`).
    static func markdownCell(_ text: String) -> String {
        markdown(text).replacingOccurrences(of: "\n", with: "\\n")
    }
}

extension Escaping {
    /// A Markdown code span of `text` outside tables: nothing inside a span is Markdown or HTML, so only what
    /// could end the span or the line is changed (backticks become `'`, control scalars are spelled out).
    static func markdownCode(_ text: String) -> String {
        var out = "`"
        for scalar in text.unicodeScalars {
            if scalar == "`" {
                out += "'"
            } else if isControl(scalar) {
                out += visible(scalar)
            } else {
                TerminalText.appendDefusingCommands(scalar, to: &out)
            }
        }
        return out + "`"
    }
}
