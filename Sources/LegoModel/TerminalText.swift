/// Makes text from traces, scenarios, logs and paths safe to print as one line on a terminal or in a CI log.
///
/// Every human-facing line goes through `line(_:)` once, at the point it is printed: C0 and C1 controls,
/// DEL, bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069), U+2028/U+2029 and the BOM
/// (`JSONText.isControl`) are spelled out as `\n`, `\r`, `\t` or `\u{1B}`, so no name can move the cursor,
/// recolour the terminal, reorder what is shown or start a fresh `::error` line in a GitHub log; a `[` right after
/// `##` is spelled `\u{5B}`, since GitHub's runner also takes `##[command]` anywhere in a line as a workflow command.
public enum TerminalText {
    /// `text` with every control scalar spelled out visibly; text without one is returned as it is.
    public static func line(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if JSONText.isControl(scalar) { out += visible(scalar) } else { appendDefusingCommands(scalar, to: &out) }
        }
        return out
    }

    /// Appends a printable scalar, spelling a `[` that would follow `##` as `\u{5B}` so no `##[command]` is formed.
    public static func appendDefusingCommands(_ scalar: Unicode.Scalar, to out: inout String) {
        if scalar == "[", opensLegacyCommand(out) { out += "\\u{5B}" } else { out.unicodeScalars.append(scalar) }
    }

    /// Whether a `[` appended to `text` would complete `##[`, the start of a legacy workflow command.
    public static func opensLegacyCommand(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let last = scalars.indices.last, scalars[last] == "#", last != scalars.startIndex else { return false }
        return scalars[scalars.index(before: last)] == "#"
    }

    /// The visible spelling of a control scalar: `\n`, `\r`, `\t`, or `\u{1B}`.
    public static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    // Every scalar `JSONText.isControl` accepts is below U+0020, U+007F–U+009F (lead byte 0xC2), or a
    // three-byte sequence led by 0xE2 (U+200E–U+2069) or 0xEF (U+FEFF), and `##[` needs a `[` (0x5B): clean text is
    // passed through on one byte scan.
    private static func needsEscaping(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 || $0 == 0xEF || $0 == 0x5B }
    }
}
