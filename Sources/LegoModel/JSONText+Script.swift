extension JSONText {
    /// A JSON document made safe to embed in an HTML `<script>` element: `<`, `>` and `&` become `\u003c`,
    /// `\u003e` and `\u0026` (so no string can close the script or open a comment), U+2028 and U+2029 become
    /// `\u2028` and `\u2029`. Outside strings JSON never contains these, so the document parses to the same value.
    public static func scriptSafe(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
