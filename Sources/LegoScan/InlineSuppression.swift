import LegoAnalysis
import LegoModel

/// A comment in the app's source that silences one rule's scan findings on some lines:
/// `// lego-trace:disable-next-line RULE`, or `// lego-trace:disable RULE` … `// lego-trace:enable RULE`
/// (to the end of the file when no `enable` follows). Several rules may be listed, separated by commas or spaces;
/// anything after ` -- ` is the reason, for people.
public struct InlineSuppression: Sendable, Hashable {
    /// The rule it silences.
    public var rule: String
    /// The lines it covers, in the comment's file.
    public var lines: ClosedRange<Int>
    /// Where the comment is (its file is the covered file).
    public var comment: SourceLocation

    /// Whether it silences a finding of `rule` at `location` (a location in the same naming as the comment's).
    public func covers(rule: String, at location: SourceLocation) -> Bool {
        rule == self.rule && location.file == comment.file && lines.contains(location.line)
    }

    /// The text every directive starts with.
    private static let marker = Array("lego-trace:".utf8)

    /// The suppression comments of one file's `bytes`, and a warning for each malformed one.
    static func read(bytes: [UInt8], file: String) -> (suppressions: [InlineSuppression], warnings: [ScanFacts.Warning]) {
        // Almost no file holds a directive: one search of the bytes spares splitting every file into lines.
        guard ByteSearch.contains(Self.marker, in: bytes) else { return ([], []) }
        var suppressions: [InlineSuppression] = []
        var warnings: [ScanFacts.Warning] = []
        var open: [String: SourceLocation] = [:]
        var openOrder: [String] = []
        let known = DetectorRegistry.rules.map(\.id)
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            guard let (word, rules, column) = directive(in: line) else { continue }
            let number = index + 1
            let place = SourceLocation(file: file, line: number, column: column)
            guard let directive = Directive(rawValue: word) else {
                warnings.append(.init(location: place, message: "unknown lego-trace comment 'lego-trace:\(word)'"
                    + Suggestion.hint(for: word, among: Directive.allCases.map(\.rawValue))))
                continue
            }
            guard !rules.isEmpty else {
                warnings.append(.init(location: place, message: "lego-trace:\(directive.rawValue) names no rule; `lego-trace rules` lists them"))
                continue
            }
            for rule in rules {
                guard known.contains(rule) else {
                    warnings.append(.init(location: place, message: "unknown rule '\(rule)' in a lego-trace:\(directive.rawValue) comment"
                        + Suggestion.hint(for: rule, among: known)))
                    continue
                }
                switch directive {
                case .disableNextLine:
                    suppressions.append(.init(rule: rule, lines: (number + 1)...(number + 1), comment: place))
                case .disable:
                    if open[rule] == nil {
                        open[rule] = place
                        openOrder.append(rule)
                    }
                case .enable:
                    guard let start = open.removeValue(forKey: rule) else {
                        warnings.append(.init(location: place, message: "lego-trace:enable \(rule) without a lego-trace:disable \(rule) before it"))
                        continue
                    }
                    openOrder.removeAll { $0 == rule }
                    suppressions.append(.init(rule: rule, lines: start.line...number, comment: start))
                }
            }
        }
        for rule in openOrder {
            if let start = open[rule] { suppressions.append(.init(rule: rule, lines: start.line...Int.max, comment: start)) }
        }
        return (suppressions, warnings)
    }

    /// What a suppression comment says.
    enum Directive: String, CaseIterable {
        case disableNextLine = "disable-next-line"
        case disable
        case enable
    }

    /// The directive word, its rules and the comment's 1-based byte column, when `line` holds a `// lego-trace:` comment.
    static func directive(in line: ArraySlice<UInt8>) -> (String, [String], Int)? {
        let marker = Self.marker
        let slash = UInt8(ascii: "/")
        var index = line.startIndex
        var inString = false
        while index < line.endIndex - 1 {
            defer { index += 1 }
            // `//` inside a string literal on the line is text, not a comment.
            if line[index] == UInt8(ascii: "\\") && inString {
                index += 1
                continue
            }
            if line[index] == UInt8(ascii: "\"") { inString.toggle() }
            guard !inString, line[index] == slash, line[index + 1] == slash else { continue }
            var start = index + 2
            while start < line.endIndex, line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t") { start += 1 }
            // The rest of the line is a comment: a directive must open it.
            guard line[start...].starts(with: marker) else { return nil }
            let rest = String(decoding: line[(start + marker.count)...], as: UTF8.self)
            let text = rest.components(separatedBy: " -- ").first ?? rest
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\r" }).map(String.init)
            return (words.first ?? "", Array(words.dropFirst()), index - line.startIndex + 1)
        }
        return nil
    }
}
