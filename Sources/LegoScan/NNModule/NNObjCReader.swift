import LegoModel

/// Reads NNModule-swift facts out of one Objective-C file's tokens (the shared `ObjCLexer`): `ModuleRegisterService`
/// and `ModuleAwake` categories, `+implPriority`, and the framework's Objective-C selectors
/// (`YiHuaXie/NNModule@5d3e56e:NNModule/ModuleManager/Core/Module.swift:80-103`, the `@objc` router, redirector,
/// interceptor and notification methods).
struct NNObjCReader {
    private let lexer: ObjCLexer
    private let file: String
    private var facts = NNFacts()
    private var currentClass: String?
    private var bootstrap: NNFacts.BootstrapMethod.Kind?
    private var currentMethod: String?
    private var constants: [String: String] = [:]
    /// The `#if` clauses around each registration, walked in file order.
    private var clauses: ConditionalClauses

    /// The first selector pieces read; any other send is skipped after its first piece.
    private static let firstPieces: Set<String> = [
        "registerServiceOfProtocol", "serivceOfProtocol", "openRoute", "registerRoute", "delayedRegisterRoute", "updateRedirectRoutes",
        "resetRedirectRoutes", "addRegister", "addObserverForName", "postWithName", "appendAction", "insertAction",
    ]

    /// Reads `bytes` of the file named `file`.
    static func read(bytes: [UInt8], file: String) -> NNFacts {
        var reader = NNObjCReader(lexer: ObjCLexer(bytes: bytes), file: file)
        reader.run()
        return reader.facts
    }

    private init(lexer: ObjCLexer, file: String) {
        self.lexer = lexer
        self.file = file
        clauses = ConditionalClauses(lexer.conditionals)
    }

    private var tokens: [ObjCLexer.Token] { lexer.tokens }

    private func location(_ index: Int) -> SourceLocation {
        SourceLocation(file: file, line: tokens[index].line, column: tokens[index].column)
    }

    private mutating func run() {
        for problem in lexer.problems {
            facts.warnings.append(.init(location: SourceLocation(file: file, line: problem.line), message: problem.message))
        }
        for define in lexer.stringDefines { constants[define.name] = define.value }
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .atKeyword {
                keyword(at: index)
            } else if token.kind == .punctuation, lexer.bytes[token.start] == UInt8(ascii: "["), Int(lexer.partner[index]) > index {
                messageSend(at: index)
            } else if currentClass != nil, token.kind == .punctuation, isMethodStart(index) {
                method(at: index)
            }
            index += 1
        }
    }

    private mutating func keyword(at index: Int) {
        let named = index + 1 < tokens.count && tokens[index + 1].kind == .identifier
        if lexer.isIdentifier(index, "@interface"), named, !lexer.isPunctuation(index + 2, UInt8(ascii: "(")) {
            let superclass = lexer.isPunctuation(index + 2, UInt8(ascii: ":")) && index + 3 < tokens.count && tokens[index + 3].kind == .identifier
                ? lexer.text(tokens[index + 3]) : nil
            facts.classes.append(.init(name: lexer.text(tokens[index + 1]), superclass: superclass, location: location(index + 1)))
        } else if lexer.isIdentifier(index, "@implementation"), named {
            let name = lexer.text(tokens[index + 1])
            currentClass = name
            bootstrap = nil
            if lexer.isPunctuation(index + 2, UInt8(ascii: "(")) {
                // `@implementation ModuleRegisterService (Config)`: the class `Module.RegisterService` is exported as.
                bootstrap = name == "ModuleRegisterService" ? .registerService : name == "ModuleAwake" ? .awake : nil
            } else {
                facts.classes.append(.init(name: name, superclass: nil, location: location(index + 1)))
            }
        } else if lexer.isIdentifier(index, "@protocol"), named, !lexer.isPunctuation(index + 2, UInt8(ascii: ";")),
                  !lexer.isPunctuation(index + 2, UInt8(ascii: ",")) {
            // `@protocol P;` (or `@protocol P, Q;`) only announces a protocol declared elsewhere.
            facts.protocols.append(lexer.text(tokens[index + 1]))
        } else if lexer.isIdentifier(index, "@end") {
            currentClass = nil
            bootstrap = nil
            currentMethod = nil
        }
    }

    /// `+` or `-` first on its line and followed by `(`: the start of a method definition (an expression's minus is
    /// not first on its line in formatted code).
    private func isMethodStart(_ index: Int) -> Bool {
        guard lexer.isPunctuation(index, UInt8(ascii: "+")) || lexer.isPunctuation(index, UInt8(ascii: "-")) else { return false }
        guard lexer.isPunctuation(index + 1, UInt8(ascii: "(")) else { return false }
        return index == 0 || tokens[index - 1].line < tokens[index].line
    }

    /// A method definition: its selector, whether it takes arguments, and `+implPriority`'s literal.
    private mutating func method(at index: Int) {
        guard let afterType = lexer.indexAfterGroup(index + 1, limit: tokens.count), afterType < tokens.count,
              tokens[afterType].kind == .identifier else { return }
        let name = lexer.text(tokens[afterType])
        let isClassMethod = lexer.isPunctuation(index, UInt8(ascii: "+"))
        let takesArguments = lexer.isPunctuation(afterType + 1, UInt8(ascii: ":"))
        var body = afterType + 1
        while body < tokens.count, !lexer.isPunctuation(body, UInt8(ascii: "{")), !lexer.isPunctuation(body, UInt8(ascii: ";")) { body += 1 }
        guard body < tokens.count, lexer.isPunctuation(body, UInt8(ascii: "{")) else { return }
        currentMethod = name
        if let kind = bootstrap {
            // `loadAllMethods` invokes class methods with no arguments, `+load` and `+initialize` included
            // (`ModuleManager.swift:76-92`); instance methods are not in the metaclass's list.
            let shape: NNFacts.BootstrapMethod.Shape = !isClassMethod ? .neverInvoked
                : name == "load" || name == "initialize" ? .runsTwice
                : takesArguments ? .hasParameters : .invoked
            facts.bootstrapMethods.append(.init(kind: kind, name: name, shape: shape, location: location(afterType)))
        }
        if name == "implPriority", isClassMethod, let owner = currentClass {
            // `+ (NSInteger)implPriority { return 100; }`
            var value: Int?
            if lexer.isIdentifier(body + 1, "return"), body + 2 < tokens.count, tokens[body + 2].kind == .number,
               lexer.isPunctuation(body + 3, UInt8(ascii: ";")) {
                value = Int(lexer.text(tokens[body + 2]))
            }
            facts.priorities.append(.init(className: owner, value: value, location: location(afterType)))
        }
    }

    // MARK: Message sends

    private mutating func messageSend(at open: Int) {
        let close = Int(lexer.partner[open])
        var pieces: [(name: String, colon: Int)] = []
        var cursor = open + 1
        while cursor < close {
            if let next = lexer.indexAfterGroup(cursor, limit: close) { cursor = next; continue }
            if lexer.isPunctuation(cursor, UInt8(ascii: ":")), tokens[cursor - 1].kind == .identifier, cursor - 1 > open + 1 {
                let name = lexer.text(tokens[cursor - 1])
                if pieces.isEmpty, !Self.firstPieces.contains(name) { return }
                pieces.append((name, cursor))
            }
            cursor += 1
        }
        guard let first = pieces.first else { return }
        let receiverEnd = first.colon - 1
        let receiver = text(open + 1, receiverEnd)
        var arguments: [String: Range<Int>] = [:]
        for (offset, piece) in pieces.enumerated() {
            let end = offset + 1 < pieces.count ? pieces[offset + 1].colon - 1 : close
            arguments[piece.name] = (piece.colon + 1)..<end
        }
        let selector = pieces.map { $0.name + ":" }.joined()
        let at = location(first.colon - 1)
        let branches = clauses.at(tokens[first.colon - 1].start).map { NNFacts.Branch(directive: SourceLocation(file: file, line: $0.line), clause: $0.clause) }
        switch selector {
        case "registerServiceOfProtocol:usedImplClass:":
            facts.registrations.append(.init(service: protocolValue(arguments["registerServiceOfProtocol"]!),
                                             impl: classValue(arguments["usedImplClass"]!), api: .objectiveC,
                                             method: bootstrap != nil ? currentMethod : nil, location: at, branches: branches))
        case "serivceOfProtocol:":
            facts.lookups.append(.init(service: protocolValue(arguments["serivceOfProtocol"]!), api: .objectiveC, fromClass: currentClass, location: at))
        case "openRoute:", "openRoute:parameters:":
            facts.opens.append(.init(router: routerName(receiver), route: routeValue(arguments["openRoute"]!), fallback: nil,
                                     fromClass: currentClass, location: at))
        case "registerRoute:handleRouteFactory:", "delayedRegisterRoute:handleRouteFactory:":
            let route = arguments["registerRoute"] ?? arguments["delayedRegisterRoute"]!
            facts.routes.append(.init(router: routerName(receiver), route: routeValue(route), kind: first.name == "registerRoute" ? .handler : .delayed,
                                      location: at, branches: branches))
        case "registerRoute:used:":
            facts.routes.append(.init(router: routerName(receiver), route: routeValue(arguments["registerRoute"]!), kind: .subRouter,
                                      subRouter: routerName(text(arguments["used"]!)), location: at, branches: branches))
        case "updateRedirectRoutes:", "resetRedirectRoutes:":
            let router = receiver.hasSuffix(".routeRedirector") ? routerName(String(receiver.dropLast(".routeRedirector".count))) : nil
            redirects(arguments[first.name]!, resets: first.name == "resetRedirectRoutes", router: router, at: at)
        case "addRegister:" where receiver.hasSuffix("tabService") || receiver.hasSuffix("launchTaskService"):
            facts.registered.append(.init(kind: receiver.hasSuffix("tabService") ? .tab : .launchTask, className: classValue(arguments["addRegister"]!),
                                          method: bootstrap != nil ? currentMethod : nil, location: at))
        default:
            if first.name == "addObserverForName", let sticky = arguments["isSticky"] {
                facts.observers.append(.init(name: routeValue(arguments["addObserverForName"]!), sticky: text(sticky) == "YES",
                                             token: isStatement(open) ? .discarded : .kept, fromClass: currentClass, location: at))
            } else if first.name == "postWithName", let sticky = arguments["isSticky"] {
                facts.posts.append(.init(name: routeValue(arguments["postWithName"]!), sticky: text(sticky) == "YES", location: at))
            } else if first.name == "appendAction" || first.name == "insertAction" {
                facts.interceptors.append(.init(action: text(arguments[first.name]!), routes: [], location: at))
            }
        }
    }

    /// Whether the send at `open` is a statement of its own (its value unused), `(void)` casts included.
    private func isStatement(_ open: Int) -> Bool {
        var before = open - 1
        if lexer.isPunctuation(before, UInt8(ascii: ")")), lexer.isIdentifier(before - 1, "void"), lexer.isPunctuation(before - 2, UInt8(ascii: "(")) {
            before -= 3
        }
        guard before >= 0 else { return true }
        return lexer.isPunctuation(before, UInt8(ascii: ";")) || lexer.isPunctuation(before, UInt8(ascii: "{")) || lexer.isPunctuation(before, UInt8(ascii: "}"))
    }

    /// `@{@"a": @"b", …}` pairs; anything else is one dynamic map.
    private mutating func redirects(_ range: Range<Int>, resets: Bool, router: String?, at location: SourceLocation) {
        let start = range.lowerBound
        guard let brace = [start, start + 1].first(where: { $0 < range.upperBound && lexer.isPunctuation($0, UInt8(ascii: "{")) }),
              Int(lexer.partner[brace]) > brace else {
            facts.redirects.append(.init(from: .dynamic(expression: text(range)), to: nil, resets: resets, location: location, router: router))
            return
        }
        let end = Int(lexer.partner[brace])
        var cursor = brace + 1
        while cursor < end {
            var colon = cursor
            while colon < end, !lexer.isPunctuation(colon, UInt8(ascii: ":")) { colon = lexer.indexAfterGroup(colon, limit: end) ?? colon + 1 }
            var comma = colon + 1
            while comma < end, !lexer.isPunctuation(comma, UInt8(ascii: ",")) { comma = lexer.indexAfterGroup(comma, limit: end) ?? comma + 1 }
            guard colon < end else { break }
            facts.redirects.append(.init(from: routeValue(cursor..<colon), to: routeValue((colon + 1)..<comma), resets: resets,
                                         location: self.location(cursor), router: router))
            cursor = comma + 1
        }
    }

    // MARK: Values

    private func text(_ start: Int, _ end: Int) -> String {
        guard start < end, end <= tokens.count else { return "" }
        let bytes = lexer.bytes[tokens[start].start..<tokens[end - 1].end]
        let text = String(decoding: bytes, as: UTF8.self)
        return text.count > ObjCReader.expressionLimit ? String(text.prefix(ObjCReader.expressionLimit)) + "…" : text
    }

    private func text(_ range: Range<Int>) -> String { text(range.lowerBound, range.upperBound) }

    /// `@protocol(P)` as `P`, else the expression.
    private func protocolValue(_ range: Range<Int>) -> ScanValue {
        let start = range.lowerBound
        if range.count == 4, lexer.isIdentifier(start, "@protocol"), lexer.isPunctuation(start + 1, UInt8(ascii: "(")),
           tokens[start + 2].kind == .identifier {
            return .literal(lexer.text(tokens[start + 2]))
        }
        return .dynamic(expression: text(range))
    }

    /// `C.class`, `[C class]` or `C.self` as `C`, else the expression.
    private func classValue(_ range: Range<Int>) -> ScanValue {
        let start = range.lowerBound
        if range.count == 3, tokens[start].kind == .identifier, lexer.isPunctuation(start + 1, UInt8(ascii: ".")),
           lexer.isIdentifier(start + 2, "class") || lexer.isIdentifier(start + 2, "self") {
            return .literal(lexer.text(tokens[start]))
        }
        if range.count == 4, lexer.isPunctuation(start, UInt8(ascii: "[")), tokens[start + 1].kind == .identifier, lexer.isIdentifier(start + 2, "class") {
            return .literal(lexer.text(tokens[start + 1]))
        }
        return .dynamic(expression: text(range))
    }

    /// A string literal, a `#define`d one, `URLRouter.webLink`, or the expression.
    private func routeValue(_ range: Range<Int>) -> ScanValue {
        guard !range.isEmpty else { return .dynamic(expression: "") }
        let start = range.lowerBound
        if range.count == 1, tokens[start].isString { return .literal(lexer.stringValue(tokens[start])) }
        if range.count == 1, tokens[start].kind == .identifier, let value = constants[lexer.text(tokens[start])] { return .literal(value) }
        let written = text(range)
        if written == "URLRouter.webLink" || written == "[URLRouter webLink]" { return .literal("weblink") }
        return .dynamic(expression: written)
    }

    /// The name a router receiver stands for, spelled as the Swift reader spells it.
    private func routerName(_ receiver: String) -> String {
        switch receiver {
        case "URLRouter.defaultRouter", "[URLRouter defaultRouter]": return NNSwiftReader.defaultRouter
        case "Module.routeService", "[Module routeService]": return NNSwiftReader.routeService
        default: break
        }
        if receiver == "self", let owner = currentClass { return owner }
        var name = receiver
        if name.hasPrefix("self.") { name.removeFirst(5) } else if name.hasPrefix("_") { name.removeFirst() }
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), let owner = currentClass else { return receiver }
        return "\(owner).\(name)"
    }
}
