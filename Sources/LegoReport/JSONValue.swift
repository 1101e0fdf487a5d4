import LegoModel
/// A JSON document with object keys in the order they were written, so reports are byte-for-byte deterministic.
package enum JSONValue {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// A string, or null when absent.
    package static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// An integer, or null when absent.
    package static func optional(_ value: Int?) -> JSONValue { value.map { .integer(Int64($0)) } ?? .null }

    /// Pretty-printed JSON with two-space indentation and a final newline.
    package func rendered() -> String {
        var out = ""
        write(to: &out, indent: 0)
        out += "\n"
        return out
    }

    private func write(to out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .integer(let value): out += String(value)
        case .unsigned(let value): out += String(value)
        case .number(let value):
            // JSON has no NaN or infinity; Swift's shortest round-trip spelling is otherwise valid JSON.
            out += value.isFinite ? value.description : "null"
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (offset, item) in items.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                item.write(to: &out, indent: indent + 1)
                out += offset == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (offset, (key, value)) in members.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                JSONValue.writeString(key, to: &out)
                out += ": "
                value.write(to: &out, indent: indent + 1)
                out += offset == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    private static func writeString(_ value: String, to out: inout String) {
        JSONText.appendQuoted(value, to: &out)
    }
}
