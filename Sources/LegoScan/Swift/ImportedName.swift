/// The Swift name an Objective-C selector imports as, by the Clang importer's naming rules (SE-0005, "Better
/// Translation of Objective-C APIs Into Swift"): a parameter name's trailing words that repeat its type's name are
/// pruned, the first selector piece is split before its last preposition into base name and first label, and
/// labels start in lower case (`openURL:onWindow:customCode:` with a `UIWindow` → `openURL(_:on:customCode:)`,
/// `openURLForPush:customCode:` → `openURL(forPush:customCode:)`, `isEqualToString:` → `isEqual(to:)`).
///
/// Framework-neutral: a scanner lists its selectors with their parameter types and gets every spelling back.
struct ImportedName: Hashable {
    /// The base name (`openURL`).
    var base: String
    /// The argument labels, nil for `_`.
    var labels: [String?]

    /// The prepositions the importer splits a first selector piece at.
    static let prepositions: Set<String> = [
        "After", "Along", "As", "At", "Before", "Below", "By", "For", "From", "In", "Inside", "Into", "Like", "Of", "On", "Onto",
        "Over", "To", "Under", "Upon", "Using", "Via", "With", "Within", "Without",
    ]

    /// Every spelling `selector` may import as: pruned by the parameter `types` and not (the importer prunes only where
    /// the type name matches exactly what it knows, which scan cannot always tell), so a call written either way is read.
    static func spellings(of selector: String, types: [String]) -> [ImportedName] {
        var pieces = selector.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        if pieces.last == "" { pieces.removeLast() }
        guard selector.contains(":") else { return [ImportedName(base: selector, labels: [])] }
        var result: [ImportedName] = []
        for prune in [true, false] {
            let named = pieces.enumerated().map { index, piece in
                prune && index < types.count ? pruned(piece, type: types[index]) : piece
            }
            let name = split(named)
            if !result.contains(name) { result.append(name) }
        }
        return result
    }

    /// `name` without trailing words that repeat the type's own (`onWindow` with `UIWindow` → `on`); never emptied.
    static func pruned(_ name: String, type: String) -> String {
        let typeWords = words(of: swiftTypeName(type))
        var nameWords = words(of: name)
        var matched = 0
        while matched < typeWords.count, matched < nameWords.count - 1,
              nameWords[nameWords.count - 1 - matched] == typeWords[typeWords.count - 1 - matched] {
            matched += 1
        }
        guard matched > 0 else { return name }
        nameWords.removeLast(matched)
        return nameWords.joined()
    }

    /// The type name the importer compares against: `NSString` → `String`, `UIWindow` → `Window`, `NSArray` → `Array`.
    static func swiftTypeName(_ type: String) -> String {
        switch type {
        case "id", "BOOL", "CustomCodeBlock", "TransitionBlock": return ""
        default:
            // Drop a two- or three-letter class prefix (`NS`, `UI`, `XF`).
            let scalars = Array(type.unicodeScalars)
            var prefix = 0
            while prefix < scalars.count - 1, scalars[prefix].properties.isUppercase, scalars[prefix + 1].properties.isUppercase { prefix += 1 }
            return String(String.UnicodeScalarView(scalars[prefix...]))
        }
    }

    /// Splits the first piece before its last preposition, and lower-cases the first word of each label.
    static func split(_ pieces: [String]) -> ImportedName {
        let first = words(of: pieces[0])
        var base = pieces[0]
        var firstLabel: String?
        if let index = first.indices.last(where: { $0 > 0 && prepositions.contains(first[$0]) }) {
            base = first[..<index].joined()
            firstLabel = lowercasedFirstWord(first[index...].joined())
        }
        return ImportedName(base: base, labels: [firstLabel] + pieces.dropFirst().map { lowercasedFirstWord($0) })
    }

    /// Camel-case words: a run of capitals before a capitalised word is one word (`openURLForPush` → open, URL, For, Push).
    static func words(of name: String) -> [String] {
        let scalars = Array(name.unicodeScalars)
        var words: [String] = []
        var start = 0
        for index in scalars.indices.dropFirst() {
            let isUpper = scalars[index].properties.isUppercase
            let previousUpper = scalars[index - 1].properties.isUppercase
            let nextLower = index + 1 < scalars.count && scalars[index + 1].properties.isLowercase
            if isUpper, !previousUpper || nextLower {
                words.append(String(String.UnicodeScalarView(scalars[start..<index])))
                start = index
            }
        }
        if start < scalars.count { words.append(String(String.UnicodeScalarView(scalars[start...]))) }
        return words
    }

    private static func lowercasedFirstWord(_ label: String) -> String {
        let first = words(of: label).first ?? label
        return first.lowercased() + label.dropFirst(first.count)
    }
}
