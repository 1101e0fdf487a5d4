import Foundation
import LegoModel
import QFMoudleRuntime

/// Reads QFMoudle facts out of one Objective-C file's tokens (the shared `ObjCLexer`): protocols, classes and their
/// properties, the router's naming rule, and the router calls with what they open.
///
/// One pass over the tokens; brackets were matched by the lexer, so arguments are read by index ranges.
struct QFObjCReader {
    private let lexer: ObjCLexer
    private let file: String
    private var facts = QFFacts()
    /// The index in `facts.classes` of the `@interface`/`@implementation` being read.
    private var currentClass: Int?
    /// The index in `facts.protocols` of the `@protocol` being read.
    private var currentProtocol: Int?
    /// The closing `}` of the method body being read, or -1 outside one.
    private var methodEnd = -1
    /// The opening `{` of that body.
    private var methodStart = -1
    /// File-level names that stand for one string (`#define`, `static NSString *const`).
    private var constants: [String: QFFacts.Value] = [:]
    /// The current method's locals: the token range of what each was last assigned.
    private var locals: [String: Range<Int>] = [:]
    /// Open `[` tokens around the walk, innermost last.
    private var brackets: [Int] = []
    /// `@protocol` tokens read as an open's argument (not counted again as references).
    private var consumed: Set<Int> = []
    /// The last protocol name and the last URL read from code that does not run: a file repeats one of each in every
    /// method, read in turn, and reusing the `String` saves an allocation per open.
    private var lastNotRunProtocol = RecentText()
    private var lastNotRunURL = RecentText()

    /// The longest expression text kept for a dynamic value.
    static let expressionLimit = 160

    /// Reads `bytes` of the file named `file` (as reported in locations).
    static func read(bytes: [UInt8], file: String) -> QFFacts {
        var reader = QFObjCReader(lexer: ObjCLexer(bytes: bytes), file: file)
        reader.run()
        return reader.facts
    }

    private init(lexer: ObjCLexer, file: String) {
        self.lexer = lexer
        self.file = file
    }

    private var tokens: [ObjCLexer.Token] { lexer.tokens }

    private func location(_ index: Int) -> SourceLocation {
        let token = tokens[index]
        return SourceLocation(file: file, line: token.line, column: token.column)
    }

    private func text(_ index: Int) -> String { lexer.text(tokens[index]) }

    // A `Unicode.Scalar`, not a `Character`: a `Character`'s `asciiValue` cost more than the comparison (#23 profile).
    @inline(__always)
    private func isPunctuation(_ index: Int, _ character: Unicode.Scalar) -> Bool {
        lexer.isPunctuation(index, UInt8(ascii: character))
    }

    private func isIdentifier(_ index: Int) -> Bool { index >= 0 && index < tokens.count && tokens[index].kind == .identifier }

    /// The index just past the `>` closing the `<` at `index` (nested groups counted), or nil when the declaration ends first.
    private func angleGroupEnd(_ index: Int) -> Int? {
        var depth = 0
        var cursor = index
        while cursor < tokens.count, cursor - index < 256 {
            if isPunctuation(cursor, "<") { depth += 1 }
            if isPunctuation(cursor, ">") { depth -= 1; if depth == 0 { return cursor + 1 } }
            if isPunctuation(cursor, ";") || isPunctuation(cursor, "{") || tokens[cursor].kind == .atKeyword { return nil }
            cursor += 1
        }
        return nil
    }

    /// Whether the expression at `index` is an argument of a conformance test: the selector piece or C function before it,
    /// within its statement, names `conformsToProtocol`.
    private func isConformanceTest(argumentAt index: Int) -> Bool {
        var cursor = index - 1
        while cursor >= 0, index - cursor <= 8 {
            if isPunctuation(cursor, ";") || isPunctuation(cursor, "{") || isPunctuation(cursor, "}") { return false }
            if isIdentifier(cursor), text(cursor).hasSuffix("conformsToProtocol") { return true }
            cursor -= 1
        }
        return false
    }

    /// The closer of the group `index` opens, or nil when it has none.
    private func closer(_ index: Int) -> Int? {
        guard index < tokens.count else { return nil }
        let close = Int(lexer.partner[index])
        return close > index ? close : nil
    }

    private mutating func run() {
        for problem in lexer.problems {
            facts.warnings.append(.init(location: SourceLocation(file: file, line: problem.line), message: problem.message))
        }
        for define in lexer.stringDefines {
            let location = SourceLocation(file: file, line: define.line)
            constants[define.name] = .literal(define.value, chain: [location])
            facts.stringConstants.append(.init(name: define.name, value: define.value, location: location))
        }
        var index = 0
        while index < tokens.count {
            if methodEnd >= 0, index > methodEnd {
                methodEnd = -1
                methodStart = -1
                locals.removeAll(keepingCapacity: true)
            }
            index = step(at: index)
        }
        let opensInCode = facts.opens.count
        readTextOutsideCode()
        // Opens that do not run were found after the code's: put them in place here, where the file's opens are few.
        if opensInCode > 0 && opensInCode < facts.opens.count { facts.opens.sort { $0.location < $1.location } }
    }

    /// Reads the token at `index`; returns the next index to read.
    private mutating func step(at index: Int) -> Int {
        let token = tokens[index]
        switch token.kind {
        case .atKeyword:
            return keyword(at: index)
        case .identifier:
            identifier(at: index)
        case .punctuation:
            let byte = lexer.bytes[token.start]
            if byte == UInt8(ascii: "[") {
                brackets.append(index)
            } else if byte == UInt8(ascii: "]") {
                brackets.removeLast(min(1, brackets.count))
            } else if (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")), methodEnd < 0, brackets.isEmpty,
                      currentClass != nil || currentProtocol != nil, isPunctuation(index + 1, "(") {
                return method(at: index)
            }
        default:
            break
        }
        return index + 1
    }

    // MARK: - Declarations

    private mutating func keyword(at index: Int) -> Int {
        let word = text(index)
        switch word {
        case "@protocol":
            if isPunctuation(index + 1, "("), isIdentifier(index + 2) {
                // A conformance test (`[x conformsToProtocol:@protocol(P)]`, `class_conformsToProtocol(c, @protocol(P))`)
                // resolves nothing: an optional capability protocol has no class of its name by design.
                if !consumed.contains(index), !isConformanceTest(argumentAt: index) {
                    facts.references.append(.init(name: text(index + 2), fromClass: currentClassName, location: location(index)))
                }
                return index + 1
            }
            guard isIdentifier(index + 1), !isPunctuation(index + 2, ";"), !isPunctuation(index + 2, ",") else { return index + 1 }
            var next = index + 2
            var bases: [String] = []
            if isPunctuation(next, "<") {
                next += 1
                while next < tokens.count, !isPunctuation(next, ">") {
                    if isIdentifier(next) { bases.append(text(next)) }
                    next += 1
                }
                next += 1
            }
            facts.protocols.append(.init(name: text(index + 1), bases: bases, properties: [], location: location(index + 1)))
            currentProtocol = facts.protocols.count - 1
            currentClass = nil
            return next
        case "@interface", "@implementation":
            guard isIdentifier(index + 1) else { return index + 1 }
            var next = index + 2
            var superclass: String?
            var category: String?
            // A generic class's own parameters (`@interface List<__covariant ObjectType> : NSObject`, or before a category's
            // name): not a protocol list.
            if isPunctuation(next, "<"), let end = angleGroupEnd(next), isPunctuation(end, ":") || isPunctuation(end, "(") { next = end }
            if isPunctuation(next, ":"), isIdentifier(next + 1) {
                superclass = text(next + 1)
                next += 2
                // The superclass's type arguments (`: List<NSString *> <P>`): a group with a `*`, `id` or `__kindof`, or the
                // first of two groups. Protocols are names alone.
                if isPunctuation(next, "<"), let end = angleGroupEnd(next),
                   isPunctuation(end, "<") || (next..<end).contains(where: { isPunctuation($0, "*") || ["id", "__kindof"].contains(text($0)) }) {
                    next = end
                }
            } else if isPunctuation(next, "("), let close = closer(next) {
                category = close > next + 1 ? text(next + 1) : ""
                next = close + 1
            }
            var adopts: [String] = []
            if isPunctuation(next, "<") {
                next += 1
                while next < tokens.count, !isPunctuation(next, ">") {
                    if isIdentifier(next) { adopts.append(text(next)) }
                    next += 1
                }
                next += 1
            }
            var ivars: [String] = []
            if isPunctuation(next, "{"), let close = closer(next) {
                // Instance variables: the identifier before each `;` is a name KVC can find.
                for cursor in next + 1..<close where isPunctuation(cursor, ";") && isIdentifier(cursor - 1) { ivars.append(text(cursor - 1)) }
                next = close + 1
            }
            facts.classes.append(.init(name: text(index + 1), superclass: superclass, category: category, isImplementation: word == "@implementation",
                                       adopts: adopts, properties: [], methods: [], synthesized: [], ivars: ivars, controllers: [:],
                                       location: location(index + 1)))
            currentClass = facts.classes.count - 1
            currentProtocol = nil
            return next
        case "@end":
            currentClass = nil
            currentProtocol = nil
            methodEnd = -1
            locals.removeAll(keepingCapacity: true)
            return index + 1
        case "@property":
            return property(at: index)
        case "@synthesize":
            var next = index + 1
            var expectName = true
            while next < tokens.count, !isPunctuation(next, ";"), tokens[next].kind != .atKeyword {
                if isIdentifier(next), expectName, let currentClass { facts.classes[currentClass].synthesized.append(text(next)) }
                expectName = isPunctuation(next, ",")
                next += 1
            }
            return next
        default:
            return index + 1
        }
    }

    private var currentClassName: String? { currentClass.map { facts.classes[$0].name } }

    /// `@property (attributes) Type *name;` — the name is the last identifier, or the one after `^` in a block type.
    private mutating func property(at index: Int) -> Int {
        var next = index + 1
        var attributes: [String] = []
        if isPunctuation(next, "("), let close = closer(next) {
            var cursor = next + 1
            while cursor < close {
                // `getter=name` and `setter=name:` name methods, not attributes.
                if isIdentifier(cursor), !isPunctuation(cursor - 1, "=") { attributes.append(text(cursor)) }
                cursor += 1
            }
            next = close + 1
        }
        var end = next
        while end < tokens.count, !isPunctuation(end, ";"), tokens[end].kind != .atKeyword { end += 1 }
        guard end < tokens.count, isPunctuation(end, ";") else { return end }
        // `NSString *coupon, *channel;` declares two properties of one type: each declarator after a top-level comma has
        // its own name and `*`.
        var declarators: [Range<Int>] = []
        var start = next
        var depth = 0
        for cursor in next..<end {
            if isPunctuation(cursor, "(") || isPunctuation(cursor, "<") { depth += 1 }
            if isPunctuation(cursor, ")") || isPunctuation(cursor, ">") { depth -= 1 }
            if depth == 0, isPunctuation(cursor, ",") {
                declarators.append(start..<cursor)
                start = cursor + 1
            }
        }
        declarators.append(start..<end)
        var baseWords: [String]?
        for range in declarators {
            guard let (name, words, isPointer, isBlock) = declarator(range, baseWords: baseWords) else { continue }
            if baseWords == nil { baseWords = words }
            let type = isBlock ? "block" : words.joined(separator: " ")
            let kind: QFFacts.Property.Kind
            if isBlock || isPointer || type == "id" || type == "Class" || type.hasPrefix("id ") {
                kind = .object
            } else if QFProperty(name: name, type: type).isScalar || type.hasPrefix("unsigned") || type.hasPrefix("long") {
                kind = .scalar
            } else {
                kind = .unknown
            }
            let ownership = attributes.last { ["strong", "retain", "weak", "copy", "assign", "unsafe_unretained"].contains($0) }
                .map { $0 == "retain" ? "strong" : $0 == "unsafe_unretained" ? "assign" : $0 } ?? (kind == .scalar ? "assign" : "strong")
            let property = QFFacts.Property(name: name, type: type.isEmpty ? "id" : type, kind: kind, ownership: ownership,
                                            readonly: attributes.contains("readonly"), location: location(index))
            if let currentProtocol {
                facts.protocols[currentProtocol].properties.append(property)
            } else if let currentClass {
                facts.classes[currentClass].properties.append(property)
            }
        }
        return end + 1
    }

    /// One declarator of a `@property`: its name, its type's words (for a declarator after a comma, the first one's,
    /// `baseWords`), whether it is a pointer and whether a block. The name is the last identifier, or the one after `^`.
    ///
    /// Attribute macros after the name are not it: `NAME(…)` groups (`API_AVAILABLE(ios(10.0))`,
    /// `DEPRECATED_MSG_ATTRIBUTE("…")`, `__attribute__((…))`) and upper-case macros with an underscore
    /// (`DEPRECATED_ATTRIBUTE`, `NS_UNAVAILABLE`) are dropped.
    private func declarator(_ range: Range<Int>, baseWords: [String]?) -> (name: String, words: [String], isPointer: Bool, isBlock: Bool)? {
        let ignored: Set<String> = ["const", "nullable", "nonnull", "_Nullable", "_Nonnull", "__nullable", "__nonnull", "__kindof",
                                    "__weak", "__strong", "__unsafe_unretained", "null_unspecified", "_Null_unspecified", "volatile",
                                    "IBOutlet", "IBInspectable", "signed"]
        var typeWords: [String] = []
        var isPointer = false
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            if isPunctuation(cursor, "^"), isIdentifier(cursor + 1) {
                return (text(cursor + 1), typeWords.filter { !ignored.contains($0) }, true, true)
            }
            if isPunctuation(cursor, "<"), let close = (cursor..<range.upperBound).first(where: { isPunctuation($0, ">") }) {
                cursor = close + 1
                continue
            }
            if isIdentifier(cursor), isPunctuation(cursor + 1, "("), let close = closer(cursor + 1), close < range.upperBound,
               !(cursor + 1..<close).contains(where: { isPunctuation($0, "^") }) {
                cursor = close + 1
                continue
            }
            if isPunctuation(cursor, "*") { isPointer = true }
            if isIdentifier(cursor) { typeWords.append(text(cursor)) }
            cursor += 1
        }
        while typeWords.count > 1, let last = typeWords.last, Self.isAttributeMacro(last) { typeWords.removeLast() }
        guard let name = typeWords.popLast() else { return nil }
        let words = baseWords ?? typeWords.filter { !ignored.contains($0) }
        return (name, words, isPointer, false)
    }

    /// `DEPRECATED_ATTRIBUTE`, `NS_UNAVAILABLE`, `__deprecated`: a macro or keyword that marks a declaration, never a name.
    static func isAttributeMacro(_ word: String) -> Bool {
        if word.hasPrefix("__") { return true }
        return word.utf8.contains(UInt8(ascii: "_")) && !word.utf8.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    }

    /// `- (Type)piece:(Type)arg piece2:…` — its selector, and its body when one follows.
    private mutating func method(at index: Int) -> Int {
        guard let typeClose = closer(index + 1) else { return index + 1 }
        var cursor = typeClose + 1
        var selector = ""
        while cursor < tokens.count, isIdentifier(cursor) {
            let piece = text(cursor)
            guard isPunctuation(cursor + 1, ":") else {
                if selector.isEmpty { selector = piece }
                cursor += 1
                break
            }
            selector += piece + ":"
            cursor += 2
            if isPunctuation(cursor, "("), let close = closer(cursor) { cursor = close + 1 }
            if isIdentifier(cursor) { cursor += 1 }
        }
        // Attributes and macros before the body (`NS_REQUIRES_SUPER`, `__attribute__((…))`).
        while cursor < tokens.count, !isPunctuation(cursor, "{"), !isPunctuation(cursor, ";"), tokens[cursor].kind != .atKeyword {
            if isPunctuation(cursor, "("), let close = closer(cursor) { cursor = close + 1 } else { cursor += 1 }
        }
        if let currentClass, !selector.isEmpty { facts.classes[currentClass].methods.append(selector) }
        guard isPunctuation(cursor, "{"), let close = closer(cursor) else { return cursor + 1 }
        methodStart = cursor
        methodEnd = close
        locals.removeAll(keepingCapacity: true)
        if selector == "interfaceForURL:", let currentClass {
            facts.urlRules.append(urlRule(cursor + 1, close, className: facts.classes[currentClass].name, at: location(index)))
        }
        if let currentClass, !selector.utf8.contains(UInt8(ascii: ":")), let made = allocatedController(cursor, close) {
            facts.classes[currentClass].controllers[selector] = made
            if let cached = cachedController(cursor, close, getter: selector, made: made) {
                facts.classes[currentClass].cachedControllers.append(cached)
            }
        }
        return cursor + 1
    }

    /// `NAME = [[made alloc] …]` (NAME an ivar or `self.NAME`, kept past the call) with `….PROP = self` in the same
    /// getter body, tokens `start..<end`: the module keeps the controller and hands it itself.
    private func cachedController(_ start: Int, _ end: Int, getter: String, made: String) -> QFFacts.CachedController? {
        var storage: String?, site: SourceLocation?
        var back: [String] = []
        var madeLocals: Set<String> = []
        // A lone `=` after a name (the lexer gives `==` and `!=` as two tokens each).
        for index in start + 1..<end where isPunctuation(index, "=") && !isPunctuation(index + 1, "=") && isIdentifier(index - 1) {
            let name = text(index - 1)
            let member = isPunctuation(index - 2, ".")
            // `… .PROP = self;`
            if member, lexer.isIdentifier(index + 1, "self"), isPunctuation(index + 2, ";") {
                back.append(name)
                continue
            }
            // `NAME = [[made alloc] …]` or `self.NAME = …`: not a local declared there (`Type *NAME =`, `id NAME =`),
            // nor another object's property. A local made so and stored after (`vc = [[made alloc] init]; …; _vc = vc;`)
            // is the same controller.
            let declaresLocal = isPunctuation(index - 2, "*") || isIdentifier(index - 2)
            let allocates = isPunctuation(index + 1, "[") && isPunctuation(index + 2, "[") && isIdentifier(index + 3) && text(index + 3) == made
            if declaresLocal {
                if allocates { madeLocals.insert(name) }
                continue
            }
            let storesLocal = isIdentifier(index + 1) && madeLocals.contains(text(index + 1)) && isPunctuation(index + 2, ";")
            guard storage == nil, !member || lexer.isIdentifier(index - 3, "self"), allocates || storesLocal,
                  !madeLocals.contains(name) else { continue }
            storage = name.hasPrefix("_") ? String(name.dropFirst()) : name
            site = location(index - 1)
        }
        guard let storage, let site, !back.isEmpty else { return nil }
        return .init(getter: getter, controllerClass: made, storage: storage, backReferences: back, location: site)
    }

    /// The first `[[X alloc] …]` or `[X new]` of a class named `…Controller` or `…VC` (`CartVC`, the other common
    /// spelling) in tokens `start..<end`.
    private func allocatedController(_ start: Int, _ end: Int) -> String? {
        var cursor = start
        while cursor + 2 < end {
            if isPunctuation(cursor, "["), isIdentifier(cursor + 1), isIdentifier(cursor + 2), isPunctuation(cursor + 3, "]") {
                let name = text(cursor + 1), selector = text(cursor + 2)
                if (selector == "alloc" || selector == "new"), name.hasSuffix("Controller") || name.hasSuffix("VC") { return name }
            }
            cursor += 1
        }
        return nil
    }

    // MARK: - Identifiers

    private mutating func identifier(at index: Int) {
        // Most identifiers are none of these: compare bytes before making a String, and the first byte before those.
        let first = lexer.bytes[tokens[index].start]
        let named = first == UInt8(ascii: "i") || first == UInt8(ascii: "N") || first == UInt8(ascii: "o") || first == UInt8(ascii: "c")
            || first == UInt8(ascii: "t")
        // `interfaceForProtocol:` and the cached lookup of fangzan/FMoudle's copies, which returns the same module; other
        // `interface…ForProtocol:` selectors may ask something else (`interfaceExistsForProtocol:`), and a URL variant
        // (`interfaceActionForURL:`) does something else with the URL than set its query on the module.
        if named, lexer.isIdentifier(index, "interfaceForProtocol") || lexer.isIdentifier(index, "interfaceCacheModuleForProtocol")
            || lexer.isIdentifier(index, "interfaceForURL") {
            lookup(at: index)
        } else if named, lexer.isIdentifier(index, "NSClassFromString") {
            classFromString(at: index)
        } else if named, methodEnd >= 0, let currentClass,
                  let kind: QFFacts.ConformanceCall.Kind = lexer.isIdentifier(index, "objc_copyClassList") || lexer.isIdentifier(index, "objc_getClassList")
                    ? .classList
                    : lexer.isIdentifier(index, "class_conformsToProtocol") || lexer.isIdentifier(index, "conformsToProtocol") ? .conforms : nil {
            facts.conformanceCalls.append(.init(kind: kind, className: facts.classes[currentClass].name, location: location(index)))
        } else if named, lexer.isIdentifier(index, "typedef") {
            typedef(at: index)
        } else if isPunctuation(index + 1, "="), !isPunctuation(index + 2, "=") {
            assignment(at: index)
        } else if isPunctuation(index + 1, "("), first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") {
            macroCall(at: index)
        }
    }

    /// `[receiver interfaceForProtocol:…]` or `[receiver interfaceForURL:…]`.
    private mutating func lookup(at index: Int) {
        let name = text(index)
        guard isPunctuation(index + 1, ":"), let open = brackets.last, let close = closer(open) else { return }
        var end = index + 2
        while end < close {
            if isIdentifier(end), isPunctuation(end + 1, ":") { break }
            end = lexer.indexAfterGroup(end, limit: close) ?? end + 1
        }
        let target: QFFacts.Open.Target = name.hasSuffix("ForProtocol")
            ? .protocolName(protocolValue(index + 2, end)) : .url(urlValue(index + 2, end))
        let byString = name.hasSuffix("ForProtocol") && lexer.isIdentifier(stripped(index + 2, end).lowerBound, "NSProtocolFromString")
        facts.opens.append(.init(target: target, fromClass: currentClassName, via: name + ":", receiver: expressionText(open + 1, index),
                                 reachable: true, show: show(after: close), location: location(index), protocolByString: byString))
    }

    /// `NSClassFromString(…)` in a method: a naming rule when it is built from `NSStringFromProtocol`.
    private mutating func classFromString(at index: Int) {
        guard methodEnd >= 0, let currentClass, isPunctuation(index + 1, "("), let close = closer(index + 1) else { return }
        let fromProtocol = mentionsProtocolName(index + 2, close, depth: 0)
        guard fromProtocol || close == index + 3 else { return }
        let className = facts.classes[currentClass].name
        if let rule = naming(index + 2, close, depth: 0) {
            facts.namingRules.append(.init(prefix: rule.prefix, suffix: rule.suffix, className: className, location: location(index)))
        } else if fromProtocol {
            facts.dynamicNamings.append(.init(className: className, expression: expressionText(index + 2, close), location: location(index)))
        }
    }

    /// `NAME(argument)` with one argument: what it opens should `NAME` be a wrapper macro (known once every file is read).
    private mutating func macroCall(at index: Int) {
        guard let close = closer(index + 1), close > index + 2, split(index + 2..<close).count == 1 else { return }
        let range = stripped(index + 2, close)
        var targets: [QFFacts.Wrapper: QFFacts.Open.Target] = [:]
        if range.count == 1, isIdentifier(range.lowerBound) {
            targets[.protocolName] = .protocolName(.literal(text(range.lowerBound), chain: [location(range.lowerBound)]))
        }
        if lexer.isIdentifier(range.lowerBound, "@protocol") {
            targets[.protocolExpression] = .protocolName(protocolValue(index + 2, close))
        }
        let url = stringValue(index + 2, close, depth: 0)
        // Every capitalised call with a computed argument would be too many to keep: only an all-capitals (macro-styled) name's.
        if case .dynamic = url, targets.isEmpty,
           !text(index).allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" }) { return }
        targets[.url] = .url(url)
        let open = QFFacts.Open(target: .url(url), fromClass: currentClassName, via: text(index), receiver: "", reachable: true,
                                show: show(after: close), location: location(index))
        facts.macroCalls.append(.init(name: text(index), targets: targets, open: open))
    }

    /// How the calling method shows what it opened: the first push or present after the call in its body.
    private func show(after index: Int) -> QFFacts.Open.Show {
        guard methodEnd > index else { return .none }
        for cursor in index..<methodEnd where tokens[cursor].kind == .identifier {
            if lexer.isIdentifier(cursor, "pushViewController") { return .push }
            if lexer.isIdentifier(cursor, "presentViewController") { return .present }
        }
        return .none
    }

    /// `name = value;`: a file-level string constant, or what a local of the current method holds from here on.
    private mutating func assignment(at index: Int) {
        var end = index + 2
        while end < tokens.count, !isPunctuation(end, ";"), !isPunctuation(end, "}") {
            end = lexer.indexAfterGroup(end, limit: tokens.count) ?? end + 1
        }
        guard end > index + 2 else { return }
        let name = text(index)
        if methodEnd >= 0 {
            locals[name] = index + 2..<end
        } else if case .literal(let value, let chain) = stringValue(index + 2, end, depth: 0) {
            constants[name] = .literal(value, chain: [location(index)] + chain)
            facts.stringConstants.append(.init(name: name, value: value, location: location(index)))
        }
    }

    /// `typedef void (^Name)(…);` (a block: an object), `typedef NS_ENUM(NSInteger, Name)` (a scalar).
    private mutating func typedef(at index: Int) {
        var cursor = index + 1
        if isIdentifier(cursor), ["NS_ENUM", "NS_OPTIONS", "NS_CLOSED_ENUM"].contains(text(cursor)), isPunctuation(cursor + 1, "("),
           let close = closer(cursor + 1), isIdentifier(close - 1) {
            facts.scalarTypedefs[text(close - 1)] = isIdentifier(cursor + 2) ? text(cursor + 2) : "NSInteger"
            return
        }
        var words: [String] = []
        while cursor < tokens.count, !isPunctuation(cursor, ";"), tokens[cursor].kind != .atKeyword {
            if isPunctuation(cursor, "^"), isIdentifier(cursor + 1) {
                facts.blockTypedefs.insert(text(cursor + 1))
                return
            }
            if isPunctuation(cursor, "("), isPunctuation(cursor + 1, "^") {
                cursor += 1
                continue
            }
            // `typedef NSString *CartTab NS_STRING_ENUM;`: a pointer to a class, the object type a property of it holds.
            if isPunctuation(cursor, "*"), let type = words.last(where: { $0 != "const" }), isIdentifier(cursor + 1),
               let first = type.first, first.isUppercase, !words.contains(where: { ["struct", "union", "enum"].contains($0) }) {
                var name = cursor + 1
                if text(name) == "const", isIdentifier(name + 1) { name += 1 }
                facts.objectTypedefs[text(name)] = type
                return
            }
            if isPunctuation(cursor, "{") || isPunctuation(cursor, "*") || isPunctuation(cursor, "(") { return }
            if isIdentifier(cursor) { words.append(text(cursor)) }
            cursor += 1
        }
        guard let name = words.popLast(), !words.isEmpty else { return }
        let type = words.joined(separator: " ")
        if QFProperty(name: name, type: type).isScalar { facts.scalarTypedefs[name] = type }
    }

    // MARK: - Values

    /// Tokens `start..<end` without wrapping parentheses and casts (`(NSString *)x`).
    private func stripped(_ start: Int, _ end: Int) -> Range<Int> {
        var first = start, last = end
        while first < last, isPunctuation(first, "("), let close = closer(first) {
            if close == last - 1 {
                first += 1
                last -= 1
            } else if close < last - 1, (first + 1..<close).allSatisfy({ isIdentifier($0) || isPunctuation($0, "*") }) {
                first = close + 1
            } else {
                break
            }
        }
        return first..<last
    }

    /// A message send spanning exactly tokens `range`: its receiver range and its selector pieces with their arguments.
    private func send(_ range: Range<Int>) -> (receiver: Range<Int>, pieces: [(name: String, argument: Range<Int>)])? {
        guard range.count >= 3, isPunctuation(range.lowerBound, "["), closer(range.lowerBound) == range.upperBound - 1 else { return nil }
        let close = range.upperBound - 1
        var cursor = range.lowerBound + 1
        var starts: [Int] = []
        while cursor < close {
            if isIdentifier(cursor), isPunctuation(cursor + 1, ":"), cursor > range.lowerBound + 1 { starts.append(cursor) }
            cursor = lexer.indexAfterGroup(cursor, limit: close) ?? cursor + 1
        }
        guard let first = starts.first else {
            guard close - 1 > range.lowerBound + 1, isIdentifier(close - 1) else { return nil }
            return (range.lowerBound + 1..<close - 1, [(text(close - 1), close..<close)])
        }
        var pieces: [(name: String, argument: Range<Int>)] = []
        for (offset, start) in starts.enumerated() {
            pieces.append((text(start), start + 2..<(offset + 1 < starts.count ? starts[offset + 1] : close)))
        }
        return (range.lowerBound + 1..<first, pieces)
    }

    /// The string tokens `start..<end` evaluate to.
    private func stringValue(_ start: Int, _ end: Int, depth: Int) -> QFFacts.Value {
        let range = stripped(start, end)
        guard !range.isEmpty, depth < 8 else { return .dynamic(expressionText(start, end)) }
        if range.allSatisfy({ tokens[$0].isString }) {
            return .literal(range.map { lexer.stringValue(tokens[$0]) }.joined(), chain: [location(range.lowerBound)])
        }
        if range.count == 1, isIdentifier(range.lowerBound) {
            let name = text(range.lowerBound)
            if let local = locals[name], local.upperBound <= range.lowerBound {
                return prepend(location(local.lowerBound - 2), to: stringValue(local.lowerBound, local.upperBound, depth: depth + 1))
            }
            if let constant = constants[name] { return constant }
            return .dynamic(name)
        }
        if let call = send(range) {
            let receiver = expressionText(call.receiver.lowerBound, call.receiver.upperBound)
            let selector = call.pieces.map(\.name)
            if selector == ["URLWithString"] || selector == ["stringWithString"] {
                return stringValue(call.pieces[0].argument.lowerBound, call.pieces[0].argument.upperBound, depth: depth + 1)
            }
            if selector == ["stringWithFormat"], receiver == "NSString" {
                let arguments = split(call.pieces[0].argument)
                guard let format = arguments.first, case .literal(let text, let chain) = stringValue(format.lowerBound, format.upperBound, depth: depth + 1)
                else { return .dynamic(expressionText(start, end)) }
                var values: [String] = []
                for argument in arguments.dropFirst() {
                    guard case .literal(let value, _) = stringValue(argument.lowerBound, argument.upperBound, depth: depth + 1) else {
                        return .format(text, chain: chain)
                    }
                    values.append(value)
                }
                guard let formatted = Self.format(text, values) else { return .format(text, chain: chain) }
                return .literal(formatted, chain: chain)
            }
            if selector == ["stringByAppendingString"],
               case .literal(let left, let chain) = stringValue(call.receiver.lowerBound, call.receiver.upperBound, depth: depth + 1),
               case .literal(let right, _) = stringValue(call.pieces[0].argument.lowerBound, call.pieces[0].argument.upperBound, depth: depth + 1) {
                return .literal(left + right, chain: chain)
            }
        }
        return .dynamic(expressionText(start, end))
    }

    /// `format` with each `%@` replaced by the next of `values`; nil when it holds other conversions or the counts differ.
    static func format(_ format: String, _ values: [String]) -> String? {
        let parts = format.components(separatedBy: "%@")
        guard parts.count == values.count + 1, !parts.contains(where: { $0.contains("%") && !$0.contains("%%") }) else { return nil }
        var out = parts[0]
        for (value, part) in zip(values, parts.dropFirst()) { out += value + part }
        return out.replacingOccurrences(of: "%%", with: "%")
    }

    private func prepend(_ place: SourceLocation, to value: QFFacts.Value) -> QFFacts.Value {
        switch value {
        case .literal(let text, let chain): .literal(text, chain: [place] + chain)
        case .format(let text, let chain): .format(text, chain: [place] + chain)
        case .dynamic: value
        }
    }

    /// The protocol tokens `start..<end` name: `@protocol(P)`, `NSProtocolFromString(@"P")`, or a local holding one.
    private mutating func protocolValue(_ start: Int, _ end: Int) -> QFFacts.Value {
        let range = stripped(start, end)
        guard !range.isEmpty else { return .dynamic("") }
        let first = range.lowerBound
        if lexer.isIdentifier(first, "@protocol"), isPunctuation(first + 1, "("), isIdentifier(first + 2), closer(first + 1) == range.upperBound - 1 {
            consumed.insert(first)
            return .literal(text(first + 2), chain: [location(first)])
        }
        if lexer.isIdentifier(first, "NSProtocolFromString"), isPunctuation(first + 1, "("), let close = closer(first + 1), close == range.upperBound - 1,
           case .literal(let name, let chain) = stringValue(first + 2, close, depth: 0) {
            return .literal(name, chain: chain)
        }
        if range.count == 1, isIdentifier(first), let local = locals[text(first)], local.upperBound <= first {
            return prepend(location(local.lowerBound - 2), to: protocolValue(local.lowerBound, local.upperBound))
        }
        return .dynamic(expressionText(start, end))
    }

    /// The URL tokens `start..<end` give: `[NSURL URLWithString:…]`, a local holding one, or the string itself.
    private func urlValue(_ start: Int, _ end: Int) -> QFFacts.Value {
        stringValue(start, end, depth: 0)
    }

    /// What the `interfaceForURL:` body in tokens `start..<end` does with the URL: the part it gives
    /// `objc_getProtocol` (or `NSProtocolFromString`), and whether it sets each query item on the module unguarded.
    private func urlRule(_ start: Int, _ end: Int, className: String, at site: SourceLocation) -> QFFacts.URLRule {
        var part = QFFacts.URLRule.Part.none
        var sets = false, guarded = false, caught = false, uncaught = false
        var handled: [String] = []
        // `@try { … } @catch` bodies: an exception KVC raises inside one does not leave the router.
        // Only a `@try` around each item's set (inside the enumeration block or loop body) lets the next item be set, and
        // only a `@catch` that does not return: one around the whole loop, or returning nil, ends the open.
        var tryBodies: [Range<Int>] = []
        for index in start..<end where tokens[index].kind == .atKeyword && text(index) == "@try" {
            guard isPunctuation(index + 1, "{"), let close = closer(index + 1), insideLoopBody(index, from: start) else { continue }
            if tokens.indices.contains(close + 1), tokens[close + 1].kind == .atKeyword, text(close + 1) == "@catch",
               let catchBody = (close + 2..<min(end, close + 40)).first(where: { isPunctuation($0, "{") }), let catchClose = closer(catchBody),
               (catchBody..<catchClose).contains(where: { lexer.isIdentifier($0, "return") }) {
                continue
            }
            tryBodies.append(index + 1..<close)
        }
        for index in start..<end where isIdentifier(index) {
            switch text(index) {
            case "objc_getProtocol", "NSProtocolFromString":
                guard part == .none, isPunctuation(index + 1, "("), let close = closer(index + 1) else { continue }
                let names = (index + 2..<close).filter(isIdentifier).map(text)
                // A scheme changed on its way (`url.scheme.capitalizedString`, a literal prefix) names another protocol
                // than the URL's text: the scan does not compute it.
                let changed = names.contains(where: Self.stringTransforms.contains) || (index + 2..<close).contains { tokens[$0].isString }
                part = changed ? .other(expressionText(index, close + 1))
                    : names.contains("scheme") ? .scheme : names.contains("host") ? .host : .other(expressionText(index, close + 1))
            case "setValue", "setValuesForKeysWithDictionary":
                sets = true
                if tryBodies.contains(where: { $0.contains(index) }) { caught = true } else { uncaught = true }
            case "respondsToSelector", "valueForKey", "valueForKeyPath": guarded = true
            case "if":
                // `if ([url.scheme isEqualToString:@"https"]) { return web; }`: the schemes a branch of its own takes. Not a
                // negated guard (`if (![url.scheme isEqualToString:@"shop"]) return nil;`), not a branch holding the
                // protocol lookup itself, and not one that returns nil.
                guard isPunctuation(index + 1, "("), let close = closer(index + 1),
                      (index + 2..<close).contains(where: { isIdentifier($0) && ["scheme", "absoluteString"].contains(text($0)) }),
                      !(index + 2..<close).contains(where: { isPunctuation($0, "!") }),
                      isPunctuation(close + 1, "{"), let bodyEnd = closer(close + 1) else { continue }
                let body = close + 2..<bodyEnd
                guard !body.contains(where: { lexer.isIdentifier($0, "objc_getProtocol") || lexer.isIdentifier($0, "NSProtocolFromString") }),
                      body.contains(where: { lexer.isIdentifier($0, "return") && !lexer.isIdentifier($0 + 1, "nil") && !lexer.isIdentifier($0 + 1, "NULL") })
                else { continue }
                handled += (index + 2..<close).filter { tokens[$0].isString }.map { lexer.stringValue(tokens[$0]) }.filter { !$0.isEmpty }
            default: break
            }
        }
        return .init(part: part, setsQueryOnModule: sets && !guarded, catchesKVCExceptions: caught && !uncaught, handledSchemes: handled,
                     className: className, location: site)
    }

    /// Whether token `index` lies in the body of a block literal (`^(…) { … }`) or a `for`/`while` loop that starts after
    /// `start`: code run once per query item.
    private func insideLoopBody(_ index: Int, from start: Int) -> Bool {
        var brace = index - 1
        while brace >= start {
            if isPunctuation(brace, "{"), let close = closer(brace), close > index {
                // What opens the body: the tokens back to the statement's start.
                var cursor = brace - 1
                while cursor >= start, !isPunctuation(cursor, ";"), !isPunctuation(cursor, "{"), !isPunctuation(cursor, "}") {
                    if isPunctuation(cursor, "^") || lexer.isIdentifier(cursor, "for") || lexer.isIdentifier(cursor, "while") { return true }
                    cursor -= 1
                }
            }
            brace -= 1
        }
        return false
    }

    /// NSString methods that change a scheme's text before it names a protocol.
    private static let stringTransforms: Set<String> = [
        "capitalizedString", "lowercaseString", "uppercaseString", "localizedCapitalizedString", "localizedLowercaseString",
        "localizedUppercaseString", "capitalizedStringWithLocale", "lowercaseStringWithLocale", "uppercaseStringWithLocale",
        "stringByAppendingString", "stringByAppendingFormat", "stringWithFormat", "stringByReplacingOccurrencesOfString",
        "substringFromIndex", "substringToIndex", "substringWithRange", "stringByTrimmingCharactersInSet",
    ]

    /// Whether tokens `start..<end` call `NSStringFromProtocol`, directly or through the locals they name.
    private func mentionsProtocolName(_ start: Int, _ end: Int, depth: Int) -> Bool {
        guard depth < 8 else { return false }
        return (start..<end).contains { index in
            if lexer.isIdentifier(index, "NSStringFromProtocol") { return true }
            guard isIdentifier(index), let local = locals[text(index)], local.upperBound <= index else { return false }
            return mentionsProtocolName(local.lowerBound, local.upperBound, depth: depth + 1)
        }
    }

    /// The naming rule tokens `start..<end` compute: `prefix + NSStringFromProtocol(p) + suffix`, or nil.
    private func naming(_ start: Int, _ end: Int, depth: Int) -> (prefix: [QFFacts.NamePiece], suffix: [QFFacts.NamePiece])? {
        let range = stripped(start, end)
        guard !range.isEmpty, depth < 8 else { return nil }
        let first = range.lowerBound
        if lexer.isIdentifier(first, "NSStringFromProtocol"), isPunctuation(first + 1, "("), closer(first + 1) == range.upperBound - 1 {
            return ([], [])
        }
        if range.count == 1, isIdentifier(first), let local = locals[text(first)], local.upperBound <= first {
            return naming(local.lowerBound, local.upperBound, depth: depth + 1)
        }
        guard let call = send(range) else { return nil }
        let selector = call.pieces.map(\.name)
        if selector == ["stringByAppendingString"] {
            let argument = call.pieces[0].argument
            if let inner = naming(call.receiver.lowerBound, call.receiver.upperBound, depth: depth + 1),
               let suffix = namePieces(argument.lowerBound, argument.upperBound, depth: depth + 1) {
                return (inner.prefix, inner.suffix + suffix)
            }
            if let prefix = namePieces(call.receiver.lowerBound, call.receiver.upperBound, depth: depth + 1),
               let inner = naming(argument.lowerBound, argument.upperBound, depth: depth + 1) {
                return (prefix + inner.prefix, inner.suffix)
            }
        }
        if selector == ["stringWithFormat"], expressionText(call.receiver.lowerBound, call.receiver.upperBound) == "NSString" {
            let arguments = split(call.pieces[0].argument)
            guard arguments.count == 2, case .literal(let format, _) = stringValue(arguments[0].lowerBound, arguments[0].upperBound, depth: depth + 1),
                  let inner = naming(arguments[1].lowerBound, arguments[1].upperBound, depth: depth + 1) else { return nil }
            let parts = format.components(separatedBy: "%@")
            guard parts.count == 2, !format.replacingOccurrences(of: "%@", with: "").contains("%") else { return nil }
            return ([.text(parts[0])] + inner.prefix, inner.suffix + [.text(parts[1])])
        }
        return nil
    }

    /// A prefix or suffix of a naming rule: literal text, or one name this file does not define (a macro or constant
    /// from another file, resolved once every file is read); nil for anything computed otherwise.
    private func namePieces(_ start: Int, _ end: Int, depth: Int) -> [QFFacts.NamePiece]? {
        if case .literal(let text, _) = stringValue(start, end, depth: depth) { return [.text(text)] }
        let range = stripped(start, end)
        guard range.count == 1, isIdentifier(range.lowerBound) else { return nil }
        let name = text(range.lowerBound)
        guard locals[name] == nil, constants[name] == nil else { return nil }
        return [.constant(name)]
    }

    /// Splits `range` at depth-0 commas.
    private func split(_ range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var partStart = range.lowerBound
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            if let next = lexer.indexAfterGroup(cursor, limit: range.upperBound) { cursor = next; continue }
            if isPunctuation(cursor, ",") {
                parts.append(partStart..<cursor)
                partStart = cursor + 1
            }
            cursor += 1
        }
        parts.append(partStart..<range.upperBound)
        return parts.filter { !$0.isEmpty }
    }

    /// The source text of tokens `start..<end`, whitespace collapsed, at most `expressionLimit` characters.
    private func expressionText(_ start: Int, _ end: Int) -> String {
        guard start < end, end <= tokens.count else { return "" }
        let raw = String(decoding: lexer.bytes[tokens[start].start..<tokens[end - 1].end], as: UTF8.self)
        let collapsed = raw.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
        return collapsed.count > Self.expressionLimit ? String(collapsed.prefix(Self.expressionLimit)) + "…" : collapsed
    }

    // MARK: - Code that does not run

    /// Router calls in comments and `#if 0` blocks: opens that are not run (`reachable: false`), kept as data; and
    /// `#define`s wrapping a lookup. Both lie between tokens, so only those gaps are searched.
    private mutating func readTextOutsideCode() {
        let bytes = lexer.bytes
        // Most files never name the router's selectors: one search settles it.
        guard ByteSearch.contains(Array("interfaceFor".utf8), in: bytes) else { return }
        let patterns = [Array("interfaceForProtocol:".utf8), Array("interfaceForURL:".utf8)]
        var directives: Set<Int> = []
        var gapStart = 0
        for index in 0...tokens.count {
            let gapEnd = index < tokens.count ? tokens[index].start : bytes.count
            if gapEnd - gapStart >= patterns[1].count {
                for pattern in patterns {
                    var offset = gapStart
                    while let hit = Self.find(pattern, in: bytes, from: offset, before: gapEnd) {
                        offset = hit + pattern.count
                        if let directive = Self.directiveStart(bytes, at: hit) {
                            // A macro definition is code the preprocessor runs where it is used.
                            if directives.insert(directive).inserted { readWrapperMacro(from: directive) }
                        } else {
                            notRun(pattern == patterns[0] ? "interfaceForProtocol:" : "interfaceForURL:", at: hit, end: offset)
                        }
                    }
                }
            }
            if index < tokens.count { gapStart = tokens[index].end }
        }
    }

    /// An open in a comment or `#if 0` at byte `hit`, its selector ending at `end`.
    ///
    /// Read on the line's bytes: a commented-out call in every method of an app is common, and `String` indexing of
    /// each made most of a scan's time (`docs/performance.md`).
    private mutating func notRun(_ selector: String, at hit: Int, end: Int) {
        let bytes = lexer.bytes
        let (line, lineStart) = lineOf(hit)
        let lineEnd = ByteSearch.firstIndex(of: ObjCLexer.newlineByte, in: bytes, range: end..<bytes.count) ?? bytes.count
        var restStart = end
        while restStart < lineEnd, bytes[restStart] == 0x20 { restStart += 1 }
        let rest = bytes[restStart..<lineEnd]
        func expression() -> String { Self.expressionPrefix(Substring(String(decoding: rest, as: UTF8.self))) }
        let place = SourceLocation(file: file, line: line, column: hit - lineStart + 1)
        let target: QFFacts.Open.Target
        if selector == "interfaceForProtocol:" {
            if rest.starts(with: Self.protocolOpening), let close = rest.firstIndex(of: UInt8(ascii: ")")) {
                // Trimmed as bytes (space, tab, carriage return), as `trimmingSpaces` trims the characters.
                let name = lastNotRunProtocol.text(of: ObjCLexer.trimmingSpaces(bytes[restStart + Self.protocolOpening.count..<close]))
                target = .protocolName(.literal(name, chain: [place]))
            } else {
                target = .protocolName(.dynamic(expression()))
            }
        } else if let quote = Self.firstAtQuote(rest), let close = rest[quote...].firstIndex(of: UInt8(ascii: "\"")) {
            target = .url(.literal(lastNotRunURL.text(of: bytes[quote..<close]), chain: [place]))
        } else {
            target = .url(.dynamic(expression()))
        }
        facts.opens.append(.init(target: target, fromClass: nil, via: selector, receiver: "", reachable: false, show: .none, location: place))
    }

    /// The last text made from bytes, kept with them so the same bytes give the same `String` again.
    private struct RecentText {
        private var bytes: [UInt8] = []
        private var text = ""

        /// `source` as a `String`, the last one's when the bytes are the same (compared with `memcmp`: a generic
        /// element-by-element comparison and the kept slice's copies were most of this function's time).
        mutating func text(of source: ArraySlice<UInt8>) -> String {
            let same = source.count == bytes.count && source.withUnsafeBufferPointer { new in
                bytes.withUnsafeBufferPointer { last in new.isEmpty || memcmp(new.baseAddress!, last.baseAddress!, new.count) == 0 }
            }
            if same { return text }
            text = String(decoding: source, as: UTF8.self)
            bytes = Array(source)
            return text
        }
    }

    /// `@protocol(`, the start of a literal protocol argument.
    private static let protocolOpening = Array("@protocol(".utf8)

    /// `#define NAME(PARAM) … interfaceForProtocol:@protocol(PARAM) …` (and its expression and URL forms), the
    /// directive starting at byte `start` with its `\` continuations.
    private mutating func readWrapperMacro(from start: Int) {
        let bytes = lexer.bytes
        var end = start
        var text: [UInt8] = []
        while end < bytes.count {
            let byte = bytes[end]
            if byte == 0x0A {
                // A `\` at the line's end continues the directive.
                var back = text.count - 1
                while back >= 0, text[back] == 0x0D || text[back] == 0x20 { back -= 1 }
                guard back >= 0, text[back] == UInt8(ascii: "\\") else { break }
                text.removeSubrange(back...)
                text.append(0x20)
            } else {
                text.append(byte)
            }
            end += 1
        }
        let line = String(decoding: text, as: UTF8.self).drop { $0 == " " || $0 == "\t" }
        let directive = line.dropFirst().drop { $0 == " " || $0 == "\t" }
        guard line.hasPrefix("#"), directive.hasPrefix("define ") || directive.hasPrefix("define\t") else { return }
        let rest = directive.dropFirst(7).drop { $0 == " " || $0 == "\t" }
        guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { return }
        let name = String(rest[..<open])
        let parameter = String(rest[rest.index(after: open)..<close]).trimmingSpaces()
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
              !parameter.isEmpty, parameter.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return }
        let body = rest[rest.index(after: close)...].filter { $0 != " " && $0 != "\t" }
        if body.contains("interfaceForProtocol:@protocol(\(parameter))") {
            facts.wrappers[name] = .protocolName
        } else if body.contains("interfaceForProtocol:\(parameter)]") || body.contains("interfaceForProtocol:(\(parameter))]") {
            facts.wrappers[name] = .protocolExpression
        } else if body.contains("interfaceForURL:[NSURLURLWithString:\(parameter)]") || body.contains("interfaceForURL:\(parameter)]") {
            facts.wrappers[name] = .url
        }
    }

    /// Where the contents of the first `@"…"` in `bytes` start.
    private static func firstAtQuote(_ bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while let at = bytes[index...].firstIndex(of: UInt8(ascii: "@")) {
            index = at + 1
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") { return index + 1 }
        }
        return nil
    }

    private static func expressionPrefix(_ text: Substring) -> String {
        String(text.prefix { $0 != "]" && $0 != ";" }.prefix(expressionLimit)).trimmingSpaces()
    }

    /// The line of byte `offset` and where that line starts, counted from the nearest token before it.
    private func lineOf(_ offset: Int) -> (line: Int, start: Int) {
        var low = 0, high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].start <= offset { low = middle + 1 } else { high = middle }
        }
        var line = 1, start = 0, from = 0
        if low > 0 {
            let token = tokens[low - 1]
            line = token.line
            start = token.start - (token.column - 1)
            from = token.start
        }
        lexer.bytes.withUnsafeBufferPointer { bytes in
            for index in from..<offset where bytes[index] == 0x0A {
                line += 1
                start = index + 1
            }
        }
        return (line, start)
    }

    /// Where the preprocessor line holding byte `offset` starts (its first line, through `\` continuations), or
    /// nil when that line is not a directive.
    private static func directiveStart(_ bytes: [UInt8], at offset: Int) -> Int? {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        while true {
            var first = start
            while first < bytes.count, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
            if first < bytes.count, bytes[first] == UInt8(ascii: "#") { return start }
            // The previous line ends with `\`: this line continues it.
            var back = start - 2
            while back >= 0, bytes[back] == 0x0D || bytes[back] == 0x20 { back -= 1 }
            guard start >= 2, back >= 0, bytes[back] == UInt8(ascii: "\\") else { return nil }
            var previous = back
            while previous > 0, bytes[previous - 1] != 0x0A { previous -= 1 }
            start = previous
        }
    }

    /// The first place of `pattern` in `bytes[from..<before]`.
    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from offset: Int, before end: Int) -> Int? {
        offset <= end ? ByteSearch.firstIndex(of: pattern, in: bytes, range: offset..<end) : nil
    }
}
