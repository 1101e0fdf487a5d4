/// Keeps user-facing messages on one line when they quote hostile text (paths, keys, reasons with newlines or control characters).
public enum OneLine {
    /// `text` with `\n`, `\r` and `\t` written as those escapes and other control characters as `\u{XX}`; unchanged when it has none.
    public static func escaping(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
