extension JSONText {
    /// A JSON document made safe to embed in an HTML `<script>` element: `<`, `>` and `&` become `\u003c`,
    /// `\u003e` and `\u0026` (so no string can close the script or open a comment), U+2028 and U+2029 become
    /// `\u2028` and `\u2029`. Outside strings JSON never contains these, so the document parses to the same value.
    public static func scriptSafe(_ json: String) -> String {
        // Bytes, not scalars: the HTML report embeds documents of several megabytes.
        var out: [UInt8] = []
        out.reserveCapacity(json.utf8.count + json.utf8.count / 16)
        var bytes = json.utf8.makeIterator()
        var pending: [UInt8] = []
        func escape(_ text: String) { out += Array(text.utf8) }
        while let byte = pending.isEmpty ? bytes.next() : pending.removeFirst() {
            switch byte {
            case UInt8(ascii: "<"): escape("\\u003c")
            case UInt8(ascii: ">"): escape("\\u003e")
            case UInt8(ascii: "&"): escape("\\u0026")
            case 0xE2:
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
                guard let second = bytes.next() else { out.append(byte); continue }
                guard second == 0x80, let third = bytes.next() else { out.append(byte); pending = [second]; continue }
                if third == 0xA8 { escape("\\u2028") } else if third == 0xA9 { escape("\\u2029") } else { out += [byte, second, third] }
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
