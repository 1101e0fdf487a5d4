import LegoModel

/// Reads the classes of a Swift file as QFMoudle's router finds them: by their Objective-C runtime names.
///
/// `NSClassFromString(NSStringFromProtocol(p))` (`QFRouter.m:60-63`) finds a Swift class by the bare name only when
/// `@objc(Name)` gives it one; otherwise its runtime name is module-qualified (`App.Name`), which the bare name does not
/// find. A class named with `@objc(Name)` becomes a class declaration adopting what its inheritance clause lists; an
/// extension may add protocols and its properties are not read, so verdicts on them are notes
/// (`QFScannedApp.Unread.swiftClass`). Swift callers of the router are not read.
enum QFSwiftReader {
    /// The facts of the Swift file `bytes` named `file`.
    static func read(bytes: [UInt8], file: String) -> QFFacts {
        var facts = QFFacts()
        guard bytes.count <= SwiftReader.maximumFileBytes else { return facts }
        let declarations = SwiftClassSkim.declarations(in: bytes)
        guard !declarations.isEmpty else { return facts }
        bytes.withUnsafeBufferPointer { buffer in
            let tokens = SwiftClassSkim.tokens(in: buffer)
            var byPlace: [Int: Int] = [:]
            for (index, token) in tokens.enumerated() where token.isName { byPlace[token.line << 20 | token.column] = index }
            for declaration in declarations {
                let location = SourceLocation(file: file, line: declaration.line, column: declaration.column)
                // The name token follows `class`; the attributes and modifiers before `class` may hold `@objc(Name)`.
                let nameIndex = byPlace[declaration.line << 20 | declaration.column]
                let runtimeName = nameIndex.flatMap { objcName(before: $0 - 1, tokens, buffer) }
                facts.swiftClasses.append(.init(name: declaration.name, runtimeName: runtimeName, location: location))
                if let runtimeName, let nameIndex {
                    // The superclass is not told from the protocols in the list: every name there counts as adopted.
                    facts.classes.append(.init(name: runtimeName, superclass: nil, category: nil, isImplementation: true,
                                               adopts: inherited(after: nameIndex, tokens, buffer), properties: [], methods: [], synthesized: [],
                                               ivars: [], controllers: [:], location: location, isSwift: true))
                }
            }
        }
        return facts
    }

    /// The name `@objc(Name)` gives among the attributes and modifiers before the `class` token at `keyword`.
    private static func objcName(before keyword: Int, _ tokens: [SwiftClassSkim.Token], _ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func text(_ index: Int) -> String { String(decoding: bytes[tokens[index].start..<tokens[index].end], as: UTF8.self) }
        var index = keyword - 1
        // Bounded: attributes and modifiers take a few tokens.
        while index >= 0, keyword - index < 64 {
            let token = tokens[index]
            if token.byte == UInt8(ascii: ")") {
                // `@name(…)`: the group back to its `(`, then the attribute's name and its `@`.
                var depth = 0
                var open = index
                while open >= 0, keyword - open < 64 {
                    if tokens[open].byte == UInt8(ascii: ")") { depth += 1 }
                    if tokens[open].byte == UInt8(ascii: "(") { depth -= 1; if depth == 0 { break } }
                    open -= 1
                }
                guard open >= 2, depth == 0, tokens[open - 1].isName, tokens[open - 2].byte == UInt8(ascii: "@") else { return nil }
                if text(open - 1) == "objc", index - open == 2, tokens[open + 1].isName { return text(open + 1) }
                index = open - 3
            } else if token.isName, index >= 1, tokens[index - 1].byte == UInt8(ascii: "@") {
                index -= 2
            } else if token.isName, modifiers.contains(text(index)) {
                index -= 1
            } else {
                return nil
            }
        }
        return nil
    }

    /// The last name of each type in the inheritance clause after the class name at `name` (`NSObject, Home`).
    private static func inherited(after name: Int, _ tokens: [SwiftClassSkim.Token], _ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        guard name + 1 < tokens.count, tokens[name + 1].byte == UInt8(ascii: ":") else { return [] }
        var names: [String] = []
        var last: String?
        var depth = 0
        for token in tokens[(name + 2)...].prefix(256) {
            if token.byte == UInt8(ascii: "{") { break }
            if token.isName {
                let text = String(decoding: bytes[token.start..<token.end], as: UTF8.self)
                if depth == 0 && text == "where" { break }
                if depth == 0 { last = text }
            }
            switch token.byte {
            case UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ">"): depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                if let name = last { names.append(name) }
                last = nil
            default: break
            }
        }
        if let name = last { names.append(name) }
        return names
    }

    private static let modifiers: Set<String> = ["public", "open", "internal", "fileprivate", "private", "package", "final"]
}
