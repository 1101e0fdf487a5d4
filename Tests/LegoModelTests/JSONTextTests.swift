import Foundation
import LegoModel
import Testing

/// `JSONText.appendQuoted` appends runs of plain text whole: it must quote exactly as the rules say, scalar by scalar.
struct JSONTextTests {
    /// The rules, one scalar at a time: the specification the run-at-a-time writer must match.
    private static func quotedScalarByScalar(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if JSONText.isControl(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else if scalar == "[", out.hasSuffix("##") {
                    out += "\\u005b"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    @Test func runsOfPlainTextAreQuotedAsScalarByScalar() throws {
        let pieces = ["a", "bc", "\"", "\\", "\n", "\r", "\t", "\u{1}", "\u{7F}", "\u{85}", "\u{A0}", "[", "#", "##", "中文", "😀",
                      "\u{202E}", "\u{2028}", "\u{FEFF}", "é", "<script>", "]"]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let expected = Self.quotedScalarByScalar(text)
            #expect(JSONText.quoted(text) == expected, "\(Array(text.unicodeScalars.map(\.value)))")
            // Parsed back, the value is the text (escapes are valid JSON).
            let parsed = try JSONSerialization.jsonObject(with: Data(expected.utf8), options: .fragmentsAllowed) as? String
            #expect(parsed == text)
        }
        #expect(JSONText.quoted("x##[y") == "\"x##\\u005by\"")
        #expect(JSONText.quoted("[##[") == "\"[##\\u005b\"")
    }
}
