import LegoModel

/// Reads the classes of a Swift file as QFMoudle's router finds them: by their Objective-C runtime names.
///
/// `NSClassFromString(NSStringFromProtocol(p))` (`QFRouter.m:60-63`) finds a Swift class by the bare name only when
/// `@objc(Name)` gives it one; otherwise its runtime name is module-qualified (`App.Name`), which the bare name does not
/// find. A class named with `@objc(Name)` becomes a class declaration adopting what its inheritance clause lists; an
/// extension may add protocols and its properties are not read, so verdicts on them are notes
/// (`QFScannedApp.Unread.swiftClass`).
///
/// Swift calls the router by the names Swift imports its selectors under: `interfaceForProtocol:(Protocol *)` and
/// `interfaceForURL:(NSURL *)` both become `interface(for:)` (the trailing type name is dropped and `for` becomes the
/// label), `interfaceCacheModuleForProtocol:` `interfaceCacheModule(for:)`. A call whose argument is `P.self` opens the
/// protocol `P`, one whose argument is `URL(string: "…")!` the URL; anything else is computed at run time.
enum QFSwiftReader {
    /// The facts of the Swift file `bytes` named `file`.
    static func read(bytes: [UInt8], file: String) -> QFFacts {
        var facts = QFFacts()
        guard bytes.count <= SwiftReader.maximumFileBytes else { return facts }
        let declarations = SwiftClassSkim.declarations(in: bytes)
        let mayOpen = ByteSearch.contains(Array("interface".utf8), in: bytes)
        let mayDeclareProtocol = ByteSearch.contains(Array("@objc".utf8), in: bytes) && ByteSearch.contains(Array("protocol".utf8), in: bytes)
        let mayExtend = ByteSearch.contains(Array("extension".utf8), in: bytes) && ByteSearch.contains(Array("@objc".utf8), in: bytes)
        guard !declarations.isEmpty || mayOpen || mayDeclareProtocol || mayExtend else { return facts }
        bytes.withUnsafeBufferPointer { buffer in
            let tokens = SwiftClassSkim.tokens(in: buffer)
            if mayExtend {
                for index in tokens.indices.dropLast() where tokens[index].isName("extension", in: buffer) && tokens[index + 1].isName {
                    let name = String(decoding: buffer[tokens[index + 1].start..<tokens[index + 1].end], as: UTF8.self)
                    if facts.swiftExtensions[name] == nil {
                        facts.swiftExtensions[name] = SourceLocation(file: file, line: tokens[index + 1].line, column: tokens[index + 1].column)
                    }
                }
            }
            if mayOpen { facts.opens = opens(tokens, buffer, file: file) }
            if mayDeclareProtocol { objcProtocols(tokens, buffer, file: file, into: &facts) }
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

    /// The `@objc` protocols among `tokens`, declared under their runtime names (`@objc(Name)`, else the Swift name): the
    /// router's `objc_getProtocol(url.scheme)` finds them as it finds Objective-C's. Their requirements are not read.
    private static func objcProtocols(_ tokens: [SwiftClassSkim.Token], _ bytes: UnsafeBufferPointer<UInt8>, file: String, into facts: inout QFFacts) {
        func text(_ index: Int) -> String { String(decoding: bytes[tokens[index].start..<tokens[index].end], as: UTF8.self) }
        for index in tokens.indices where tokens[index].isName("protocol", in: bytes) {
            guard index + 1 < tokens.count, tokens[index + 1].isName, index > 0, tokens[index - 1].byte != UInt8(ascii: ".") else { continue }
            var runtimeName = objcName(before: index, tokens, bytes)
            if runtimeName == nil {
                // A plain `@objc` among the attributes before `protocol` (on its line or the line above).
                var cursor = index - 1
                while cursor >= 1, index - cursor < 16, tokens[cursor].line >= tokens[index].line - 1,
                      tokens[cursor].byte != UInt8(ascii: "}"), tokens[cursor].byte != UInt8(ascii: "{"), tokens[cursor].byte != UInt8(ascii: ";") {
                    if tokens[cursor].isName("objc", in: bytes), tokens[cursor - 1].byte == UInt8(ascii: "@") { runtimeName = text(index + 1); break }
                    cursor -= 1
                }
            }
            guard let runtimeName else { continue }
            let name = tokens[index + 1]
            facts.swiftProtocols[text(index + 1)] = runtimeName
            facts.protocols.append(.init(name: runtimeName, bases: inherited(after: index + 1, tokens, bytes), properties: [],
                                         location: SourceLocation(file: file, line: name.line, column: name.column)))
        }
    }

    /// The selectors' Swift names, each with the selector it imports (`via`).
    private static let lookups: [(name: StaticString, selector: String)] = [
        ("interface", "interfaceForProtocol:"), ("interfaceCacheModule", "interfaceCacheModuleForProtocol:"),
    ]

    /// The router calls `receiver.interface(for: …)` among `tokens`, with the type around each and how the code after it
    /// in the same block shows a controller.
    private static func opens(_ tokens: [SwiftClassSkim.Token], _ bytes: UnsafeBufferPointer<UInt8>, file: String) -> [QFFacts.Open] {
        func text(_ index: Int) -> String { String(decoding: bytes[tokens[index].start..<tokens[index].end], as: UTF8.self) }
        func isByte(_ index: Int, _ byte: Character) -> Bool { index >= 0 && index < tokens.count && tokens[index].byte == byte.asciiValue! }
        // The type each `{` opens (nil for other blocks), innermost last: `class`, `struct`, `enum` and `extension`.
        var blocks: [String?] = []
        var pendingType: String?
        // Per `#if` open: whether the clause read now is known not to be compiled, and whether an earlier clause surely was.
        var conditions: [(skipped: Bool, taken: Bool)] = []
        var found: [QFFacts.Open] = []
        for index in tokens.indices {
            let token = tokens[index]
            if token.byte == UInt8(ascii: "#"), index + 1 < tokens.count, tokens[index + 1].isName, tokens[index + 1].start == token.end {
                let directive = tokens[index + 1]
                if directive.isName("if", in: bytes) {
                    let value = condition(tokens, after: index + 1, bytes)
                    conditions.append((skipped: value == false, taken: value == true))
                } else if directive.isName("elseif", in: bytes), let last = conditions.indices.last {
                    let value = condition(tokens, after: index + 1, bytes)
                    conditions[last] = (skipped: conditions[last].taken || value == false, taken: conditions[last].taken || value == true)
                } else if directive.isName("else", in: bytes), let last = conditions.indices.last {
                    conditions[last] = (skipped: conditions[last].taken, taken: true)
                } else if directive.isName("endif", in: bytes), !conditions.isEmpty {
                    conditions.removeLast()
                }
            }
            // `class func`, `class var`: the words the class skim knows make `class` a modifier.
            if token.isName, index + 1 < tokens.count, tokens[index + 1].isName, !isByte(index - 1, "."),
               token.isName("class", in: bytes) || token.isName("struct", in: bytes) || token.isName("enum", in: bytes)
                || token.isName("extension", in: bytes),
               !SwiftClassSkim.notNames.contains(Array(bytes[tokens[index + 1].start..<tokens[index + 1].end])) {
                pendingType = text(index + 1)
            }
            if token.byte == UInt8(ascii: "{") {
                blocks.append(pendingType)
                pendingType = nil
            } else if token.byte == UInt8(ascii: "}") {
                if !blocks.isEmpty { blocks.removeLast() }
            } else if token.byte == UInt8(ascii: ";") {
                pendingType = nil
            }
            // `.interface(for: …)`: a method call on a receiver, with the label `for`.
            guard token.isName, isByte(index - 1, "."), isByte(index + 1, "("), index + 3 < tokens.count,
                  tokens[index + 2].isName("for", in: bytes), isByte(index + 3, ":"),
                  let lookup = lookups.first(where: { token.isName($0.name, in: bytes) }) else { continue }
            guard let close = closing(tokens, from: index + 1) else { continue }
            let argument = index + 4..<close
            let target: QFFacts.Open.Target
            let location = SourceLocation(file: file, line: token.line, column: token.column)
            if argument.count == 3, tokens[argument.lowerBound].isName, isByte(argument.lowerBound + 1, "."),
               tokens[argument.lowerBound + 2].isName("self", in: bytes) {
                target = .protocolName(.literal(text(argument.lowerBound), chain: [location]))
            } else if lookup.selector == "interfaceForProtocol:", let url = urlLiteral(tokens, argument, bytes) {
                target = .url(url.interpolated ? .format(url.text, chain: [location]) : .literal(url.text, chain: [location]))
            } else if argument.isEmpty || isByte(argument.lowerBound, ".") || (!tokens[argument.lowerBound].isName && tokens[argument.lowerBound].byte == 0) {
                // `.dark`, a string: no protocol or URL is an implicit member or a string, so it is another API's `interface(for:)`.
                continue
            } else {
                let expression = String(decoding: bytes[tokens[argument.lowerBound].start..<tokens[argument.upperBound - 1].end], as: UTF8.self)
                // A URL made another way (`URL(string: raw)`, `NSURL(…) as URL`) is still an open by URL, computed.
                let first = tokens[argument.lowerBound]
                let makesURL = lookup.selector == "interfaceForProtocol:" && (first.isName("URL", in: bytes) || first.isName("NSURL", in: bytes))
                target = makesURL ? .url(.dynamic(expression)) : .protocolName(.dynamic(expression))
            }
            let via: String
            if case .url = target { via = "interfaceForURL:" } else { via = lookup.selector }
            found.append(.init(target: target, fromClass: blocks.last { $0 != nil } ?? nil, via: via,
                               receiver: receiver(tokens, before: index - 1, bytes), reachable: !conditions.contains { $0.skipped },
                               show: show(tokens, after: close, bytes), location: location))
        }
        return found
    }

    /// The value of the `#if`/`#elseif` condition after `directive` when it is a literal (`true`, `false`, `1`, `0`, maybe in
    /// parentheses) alone on its line; nil for any other condition (a flag, `os(iOS)`, an expression), which may hold.
    private static func condition(_ tokens: [SwiftClassSkim.Token], after directive: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        let line = tokens[directive].line
        var words: [String] = []
        var index = directive + 1
        while index < tokens.count, tokens[index].line == line, words.count < 8 {
            let token = tokens[index]
            if token.byte == UInt8(ascii: "(") || token.byte == UInt8(ascii: ")") { index += 1; continue }
            words.append(String(decoding: bytes[token.start..<token.end], as: UTF8.self))
            index += 1
        }
        guard words.count == 1 else { return nil }
        switch words[0] {
        case "true", "1": return true
        case "false", "0": return false
        default: return nil
        }
    }

    /// The index of the `)` closing the `(` at `open`.
    private static func closing(_ tokens: [SwiftClassSkim.Token], from open: Int) -> Int? {
        var depth = 0
        for index in open..<min(tokens.count, open + 512) {
            switch tokens[index].byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return tokens[index].byte == UInt8(ascii: ")") ? index : nil }
            default: break
            }
        }
        return nil
    }

    /// The text of `URL(string: "…")` (force-unwrapped or not) in `range`: a plain string, or one whose interpolations
    /// (`\(id)`) become `%@` as in a format whose arguments are not known; nil with any other escape.
    private static func urlLiteral(_ tokens: [SwiftClassSkim.Token], _ range: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>)
        -> (text: String, interpolated: Bool)? {
        var end = range.upperBound
        if end > range.lowerBound, tokens[end - 1].byte == UInt8(ascii: "!") { end -= 1 }
        // An interpolation's own tokens come before the string's token: the string is the last before the `)`.
        guard end - range.lowerBound >= 6, tokens[range.lowerBound].isName("URL", in: bytes) || tokens[range.lowerBound].isName("NSURL", in: bytes),
              tokens[range.lowerBound + 1].byte == UInt8(ascii: "("), tokens[range.lowerBound + 2].isName("string", in: bytes),
              tokens[range.lowerBound + 3].byte == UInt8(ascii: ":"), tokens[end - 1].byte == UInt8(ascii: ")") else { return nil }
        let literal = tokens[end - 2]
        let isMultiline = literal.end - literal.start >= 6 && bytes[literal.start + 1] == UInt8(ascii: "\"") && bytes[literal.start + 2] == UInt8(ascii: "\"")
        guard !literal.isName, literal.byte == 0, literal.end - literal.start >= 2, !isMultiline,
              bytes[literal.start] == UInt8(ascii: "\""), bytes[literal.end - 1] == UInt8(ascii: "\""),
              tokens[(range.lowerBound + 4)..<(end - 2)].allSatisfy({ $0.start > literal.start && $0.end < literal.end }) else { return nil }
        var text: [UInt8] = []
        var interpolated = false
        var index = literal.start + 1
        while index < literal.end - 1 {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else { text.append(byte); index += 1; continue }
            guard index + 1 < literal.end - 1, bytes[index + 1] == UInt8(ascii: "(") else { return nil }
            var depth = 0
            var cursor = index + 1
            while cursor < literal.end - 1 {
                if bytes[cursor] == UInt8(ascii: "(") { depth += 1 }
                if bytes[cursor] == UInt8(ascii: ")") { depth -= 1; if depth == 0 { break } }
                cursor += 1
            }
            guard depth == 0, cursor < literal.end - 1 else { return nil }
            text += Array("%@".utf8)
            interpolated = true
            index = cursor + 1
        }
        return (String(decoding: text, as: UTF8.self), interpolated)
    }

    /// The receiver's text before the `.` at `dot`: names joined by `.`, call parentheses and `?`/`!` (`QFRouter.router()`).
    private static func receiver(_ tokens: [SwiftClassSkim.Token], before dot: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var start = dot
        var cursor = dot - 1
        while cursor >= 0, dot - cursor < 64 {
            let token = tokens[cursor]
            if token.byte == UInt8(ascii: ")") {
                var depth = 0
                while cursor >= 0 {
                    if tokens[cursor].byte == UInt8(ascii: ")") { depth += 1 }
                    if tokens[cursor].byte == UInt8(ascii: "(") { depth -= 1; if depth == 0 { break } }
                    cursor -= 1
                }
                guard cursor >= 0 else { break }
                start = cursor
                cursor -= 1
            } else if token.byte == UInt8(ascii: "?") || token.byte == UInt8(ascii: "!") {
                start = cursor
                cursor -= 1
            } else if token.isName {
                start = cursor
                cursor -= 1
                guard cursor >= 0, tokens[cursor].byte == UInt8(ascii: ".") else { break }
                start = cursor
                cursor -= 1
            } else {
                break
            }
        }
        guard start < dot else { return "" }
        return String(decoding: bytes[tokens[start].start..<tokens[dot - 1].end], as: UTF8.self)
    }

    /// How the block holding a call shows a controller after it: `pushViewController` or `present(…)`.
    private static func show(_ tokens: [SwiftClassSkim.Token], after index: Int, _ bytes: UnsafeBufferPointer<UInt8>)
        -> QFFacts.Open.Show {
        var level = 0
        for cursor in index..<min(tokens.count, index + 4096) {
            let token = tokens[cursor]
            if token.byte == UInt8(ascii: "{") { level += 1 }
            if token.byte == UInt8(ascii: "}") { level -= 1; if level < 0 { return .none } }
            if token.isName("pushViewController", in: bytes) { return .push }
            if token.isName("present", in: bytes), cursor + 1 < tokens.count, tokens[cursor + 1].byte == UInt8(ascii: "(") { return .present }
        }
        return .none
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
