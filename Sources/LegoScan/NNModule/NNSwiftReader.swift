import LegoModel
import SwiftParser
import SwiftSyntax

/// Reads NNModule-swift facts out of one Swift file with swift-syntax: bootstrap methods, service registrations and
/// lookups, routers, routes, opens, redirects, interceptors, events and sticky notifications.
///
/// The API names are the framework's own (`YiHuaXie/NNModule@5d3e56e`): `Module.swift:51-61` (register, service),
/// `URLRouterType.swift:26-75` (registerRoute, delayedRegisterRoute, openRoute, registerRoute(s)(_:used:)),
/// `URLRouteRedirector.swift:25-37`, `URLRouteInterceptor.swift:52-65`, `EventBus.swift:27-68`, `EventSet.swift:28-55`,
/// `StickyNotification.swift:20-58`. Comments and strings are not code to swift-syntax: a commented-out call is not seen.
enum NNSwiftReader {
    /// Reads the Swift file `bytes` named `file`: a file that names none of the framework's API gives only its classes,
    /// read without a syntax tree; one that nests too deeply for swift-syntax gives a warning; in the others, the bodies
    /// of functions that name none of it are left out of what swift-syntax parses (`SwiftBodyOmission`).
    static func read(bytes: [UInt8], file: String) -> NNFacts {
        if bytes.count <= SwiftReader.maximumFileBytes, !mayCallTheFramework(bytes) {
            var facts = NNFacts()
            let skimmed = SwiftClassSkim.read(bytes)
            facts.classes = skimmed.classes.map {
                .init(name: $0.name, superclass: $0.superclass, location: LegoModel.SourceLocation(file: file, line: $0.line, column: $0.column))
            }
            facts.protocols = skimmed.protocols
            facts.typeAliases = skimmed.aliases.map {
                .init(name: $0.name, target: $0.target, fileScoped: $0.fileScoped,
                      location: LegoModel.SourceLocation(file: file, line: $0.line, column: $0.column))
            }
            // A result builder and the parameters that take one are often declared in a file of their own (an observer
            // bag): its declarations, bodies left out, say which closures collect their tokens.
            if ByteSearch.contains(Array("Builder".utf8), in: bytes), SwiftReader.refusal(bytes, file: file) == nil {
                let declarations = read(SyntaxSource(SwiftBodyOmission(bytes, keeping: { _ in false }), original: bytes), file: file)
                facts.resultBuilderTypes = declarations.resultBuilderTypes
                facts.attributedParameters = declarations.attributedParameters
            }
            return facts
        }
        if let refusal = SwiftReader.refusal(bytes, file: file) {
            var facts = NNFacts()
            facts.warnings.append(refusal)
            return facts
        }
        let omission = SwiftBodyOmission(bytes, keeping: bodyWords.occurs(in:))
        return read(SyntaxSource(omission, original: bytes), file: file)
    }

    /// Words one of which a function body needs for the visitor to take anything from it: the API's, the event bus's
    /// metatype (`.self`), an `EventSet` variable's methods (declared elsewhere in the file), a class declared inside,
    /// and conditional compilation (a `#if` across the body's braces must stay whole for swift-syntax).
    /// `register(service` and `service(of` are Module's own methods unqualified inside `extension Module`.
    static let bodyWords = BytePatterns(apiWordList + [".self", "send", "addTarget", "removeTarget", "class", "#if", "#else", "#endif",
                                                       "register(service", "service(of"])

    /// Words one of which every fact but a class declaration needs in its file: the names the visitor below matches on
    /// (`Module` for `Module.register`/`service(of:)` and the bootstrap extensions, `URLRoute` for routers and parsers,
    /// the router's and the services' methods), so a file without any of them is only read for its classes.
    static let apiWords = BytePatterns(apiWordList)
    private static let apiWordList = [
        "Module", "URLRoute", "implPriority", "EventSet", "registerRoute", "RegisterRoute", "openRoute", "RedirectRoutes",
        "routeInterceptor", "isSticky", "notificationService", "addRegister",
    ]
    /// The event bus's `register(E.self, target:)`, `send(E.self)` and `remove(E.self)`: a metatype and one of these.
    static let eventBusWords = BytePatterns(["register", "send", "remove"])

    /// Whether `bytes` may hold a fact other than a class declaration (a word of the API appears, in code or not).
    static func mayCallTheFramework(_ bytes: [UInt8]) -> Bool {
        if apiWords.occurs(in: bytes) { return true }
        return ByteSearch.contains(Array(".self".utf8), in: bytes) && eventBusWords.occurs(in: bytes)
    }

    /// Reads all of `text` of the file named `file`.
    static func read(text: String, file: String) -> NNFacts {
        read(SyntaxSource(bytes: Array(text.utf8)), file: file)
    }

    /// Reads `source` of the file named `file`, on a thread with a large stack.
    private static func read(_ source: SyntaxSource, file: String) -> NNFacts {
        LargeStack.run {
            let tree = source.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
            let visitor = Visitor(file: file, source: source)
            visitor.moduleAliases = moduleAliases(in: tree)
            visitor.walk(tree)
            return visitor.facts
        }
    }

    /// The file-level `typealias`es of the framework's `Module` (`typealias NN = NNModule_swift.Module`, which an app with a
    /// `Module` of its own writes), wherever in the file they are.
    static func moduleAliases(in tree: SourceFileSyntax) -> Set<String> {
        Set(tree.statements.compactMap { item in
            item.item.as(TypeAliasDeclSyntax.self).flatMap { alias in
                let target = alias.initializer.value.trimmedDescription
                return target == "Module" || target == frameworkModule + "Module" ? alias.name.text : nil
            }
        })
    }

    /// The framework's module name as a qualifier: `NNModule_swift.Module`, `NNModule_swift.URLRouter`.
    static let frameworkModule = "NNModule_swift."

    /// A string literal's text as its value: each escape (`\n`, `\"`, `\u{2F}`, a line's closing `\`) after `\` and the
    /// literal's `#`s (`\#u{2F}` in `#"…"#`) decoded; an escape not known is left as written.
    static func unescaped(_ text: String, pounds: Int) -> String {
        let introducer = "\\" + String(repeating: "#", count: pounds)
        guard text.contains(introducer) else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: introducer) {
            result += rest[..<range.lowerBound]
            rest = rest[range.upperBound...]
            guard let character = rest.popFirst() else {
                result += introducer
                break
            }
            switch character {
            case "n": result += "\n"
            case "t": result += "\t"
            case "r": result += "\r"
            case "0": result += "\0"
            case "\\", "\"", "'": result.append(character)
            case "\n", "\r\n": break
            case "u":
                if rest.first == "{", let close = rest.firstIndex(of: "}"),
                   let code = UInt32(rest[rest.index(after: rest.startIndex)..<close], radix: 16), let scalar = Unicode.Scalar(code) {
                    result.unicodeScalars.append(scalar)
                    rest = rest[rest.index(after: close)...]
                } else {
                    result += introducer + "u"
                }
            default: result += introducer + String(character)
            }
        }
        return result + rest
    }

    /// `URLRouter.default`'s spellings, and the route service (a different router once an app replaces it).
    static let defaultRouter = "URLRouter.default"
    /// The route service's name.
    static let routeService = "Module.routeService"

    private final class Visitor: SyntaxVisitor {
        let file: String
        let source: SyntaxSource
        var facts = NNFacts()
        /// The file's aliases of the framework's `Module`.
        var moduleAliases: Set<String> = []

        /// `text` as the framework's names are written unqualified: without `NNModule_swift.` before them, and with
        /// `Module` for an alias of it (`NN.routeService` is `Module.routeService`).
        func framework(_ text: String) -> String {
            var text = text
            if text.hasPrefix(NNSwiftReader.frameworkModule) { text.removeFirst(NNSwiftReader.frameworkModule.count) }
            guard !moduleAliases.isEmpty else { return text }
            let head = text.prefix { $0 != "." }
            return moduleAliases.contains(String(head)) ? "Module" + text.dropFirst(head.count) : text
        }

        /// Enclosing type (or extended type) names, innermost last.
        var typeStack: [String] = []
        /// The bootstrap class an enclosing extension extends, per type level.
        var bootstrapStack: [NNFacts.BootstrapMethod.Kind?] = []
        /// Enclosing function names, outermost first.
        var functions: [String] = []
        /// The functions around the node being visited as `name(label:…)`, innermost last.
        var signatures: [String] = []
        /// What each enclosing function removed so far, outermost first: services (`Module.removeService(of:)`) by name,
        /// routes (`removeRoute`) by `removalKey(router:route:)`, each with the block it is written in and where.
        var removedInFunction: [[String: Removal]] = []
        /// The runtime branches around registrations, with what they found cached.
        var arms = RuntimeBranches()

        /// A removal: the statement list it is written in, and where.
        struct Removal {
            var block: SyntaxIdentifier
            var position: AbsolutePosition
            /// For `removeAllRoutes()`: the keys a registration after it took already (each is free once).
            var taken: Set<String> = []
        }
        /// The generic parameters of each enclosing type and function: `T.self` there is a type the caller picks.
        var genericNames: [Set<String>] = []
        /// String constants by name and by `Type.name`.
        var constants: [String: String] = [:]
        /// Names that hold another router (`let r = Module.routeService`), by qualified name.
        var aliases: [String: String] = [:]
        /// `EventSet<E>` variables by qualified name: the event type.
        var eventSets: [String: String] = [:]

        init(file: String, source: SyntaxSource) {
            self.file = file
            self.source = source
            super.init(viewMode: .sourceAccurate)
        }

        func location(_ node: some SyntaxProtocol) -> LegoModel.SourceLocation {
            let position = source.location(for: node.positionAfterSkippingLeadingTrivia)
            return LegoModel.SourceLocation(file: file, line: position.line, column: position.column)
        }

        // MARK: Declarations

        /// Notes a type declared `@resultBuilder`.
        func noteResultBuilder(_ name: TokenSyntax, _ attributes: AttributeListSyntax) {
            if attributeNames(attributes).contains("resultBuilder") { facts.resultBuilderTypes.append(name.text) }
        }

        /// The names of `attributes`, each its last name part (`Lib.Builder` as `Builder`).
        func attributeNames(_ attributes: AttributeListSyntax) -> [String] {
            attributes.compactMap { element in
                element.as(AttributeSyntax.self).map { String($0.attributeName.trimmedDescription.split(separator: ".").last ?? "") }
            }
        }

        /// Notes the parameters of the function or initializer named `function` that have attributes (on the parameter or
        /// its type), one of which may be a result builder.
        func noteAttributedParameters(of function: String, _ parameters: FunctionParameterListSyntax) {
            for parameter in parameters {
                var names = attributeNames(parameter.attributes)
                if let attributed = parameter.type.as(AttributedTypeSyntax.self) { names += attributeNames(attributed.attributes) }
                guard !names.isEmpty else { continue }
                let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
                facts.attributedParameters.append(.init(function: function, label: label, attributes: names))
            }
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            noteResultBuilder(node.name, node.attributes)
            facts.classes.append(.init(name: node.name.text, superclass: node.inheritanceClause?.inheritedTypes.first?.type.text(in: source),
                                       location: location(node.name)))
            push(node.name.text, bootstrap: nil, generics: node.genericParameterClause, fileScoped: isFileScoped(node.modifiers))
            return .visitChildren
        }

        override func visitPost(_ node: ClassDeclSyntax) { pop() }

        /// The `#if` clauses around the node being visited, outermost first.
        var branches: [NNFacts.Branch] = []

        override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
            if let clause = node.directiveAndIndex { branches.append(.init(directive: location(clause.directive), clause: clause.index)) }
            // `#if false` is never compiled: nothing in it registers, looks up or observes (visitPost still pops the clause).
            if node.condition?.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false) { return .skipChildren }
            return .visitChildren
        }

        override func visitPost(_ node: IfConfigClauseSyntax) {
            if node.directiveAndIndex != nil { branches.removeLast() }
        }

        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
            // A name the parser had to make up (`protocol<A, B>` of Swift 2 reads as a declaration without one) is none.
            if node.name.presence == .present, !node.name.text.isEmpty { facts.protocols.append(node.name.text) }
            return .visitChildren
        }

        override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
            // Only a plain or dotted name: a composition (`P & AnyObject`) or a generic is another type altogether. Only at
            // file level: inside a type or function an alias is that scope's name, not the app's.
            // `any P` is `P`'s key too.
            var value = node.initializer.value
            if let existential = value.as(SomeOrAnyTypeSyntax.self), existential.someOrAnySpecifier.tokenKind == .keyword(.any) {
                value = existential.constraint
            }
            let isName = value.is(IdentifierTypeSyntax.self) || value.is(MemberTypeSyntax.self)
            guard isName, node.genericParameterClause == nil, !value.description.contains("<") else { return .skipChildren }
            if isAtFileLevel(node) {
                let fileScoped = node.modifiers.contains { $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate) }
                facts.typeAliases.append(.init(name: node.name.text, target: value.trimmedDescription, fileScoped: fileScoped,
                                               location: location(node.name)))
            } else if let owner = typeStack.last {
                // Inside its type, the type's own alias hides a file-level one of the same name.
                facts.typeScopedAliases.append(.init(name: "\(owner).\(node.name.text)", target: value.trimmedDescription, fileScoped: false,
                                                     location: location(node.name)))
            }
            return .skipChildren
        }

        /// Whether `node` is a statement of the file itself, maybe inside `#if` clauses, not inside any declaration.
        func isAtFileLevel(_ node: some SyntaxProtocol) -> Bool {
            var parent = node.parent
            while let current = parent {
                if current.is(SourceFileSyntax.self) { return true }
                guard current.is(CodeBlockItemSyntax.self) || current.is(CodeBlockItemListSyntax.self) || current.is(IfConfigClauseSyntax.self)
                        || current.is(IfConfigClauseListSyntax.self) || current.is(IfConfigDeclSyntax.self) else { return false }
                parent = current.parent
            }
            return false
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            noteResultBuilder(node.name, node.attributes)
            facts.valueTypes.append(node.name.text)
            push(node.name.text, bootstrap: nil, generics: node.genericParameterClause, fileScoped: isFileScoped(node.modifiers))
            // A `PreviewProvider` runs only in Xcode's canvas, never in the app (`visitPost` still pops).
            let previews = node.inheritanceClause?.inheritedTypes.contains { ["PreviewProvider", "SwiftUI.PreviewProvider"].contains($0.type.trimmedDescription) } ?? false
            return previews ? .skipChildren : .visitChildren
        }

        // `#Preview { … }` runs only in Xcode's canvas: its registrations and opens are not the app's.
        override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
            node.macroName.text == "Preview" ? .skipChildren : .visitChildren
        }
        override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
            node.macroName.text == "Preview" ? .skipChildren : .visitChildren
        }
        override func visitPost(_ node: StructDeclSyntax) { pop() }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            noteResultBuilder(node.name, node.attributes)
            facts.valueTypes.append(node.name.text)
            push(node.name.text, bootstrap: nil, generics: node.genericParameterClause, fileScoped: isFileScoped(node.modifiers))
            return .visitChildren
        }
        override func visitPost(_ node: EnumDeclSyntax) { pop() }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            let extended = framework(node.extendedType.text(in: source))
            // `Module.RegisterService` is `@objc(ModuleRegisterService)`, `Module.Awake` `@objc(ModuleAwake)` (`Module.swift:14-28`).
            let kind: NNFacts.BootstrapMethod.Kind? = switch extended {
            case "Module.RegisterService", "ModuleRegisterService": .registerService
            case "Module.Awake", "ModuleAwake": .awake
            default: nil
            }
            push(extended, bootstrap: kind, fileScoped: isFileScoped(node.modifiers))
            return .visitChildren
        }

        override func visitPost(_ node: ExtensionDeclSyntax) { pop() }

        /// Whether each enclosing type (or extension) is `private` or `fileprivate`, innermost last.
        var fileScopedStack: [Bool] = []

        /// Whether `modifiers` make a declaration `private` or `fileprivate`.
        func isFileScoped(_ modifiers: DeclModifierListSyntax) -> Bool {
            modifiers.contains { $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate) }
        }

        func push(_ name: String, bootstrap: NNFacts.BootstrapMethod.Kind?, generics: GenericParameterClauseSyntax? = nil, fileScoped: Bool) {
            typeStack.append(name)
            fileScopedStack.append(fileScoped)
            bootstrapStack.append(bootstrap)
            genericNames.append(Set(generics?.parameters.map(\.name.text) ?? []))
        }

        func pop() {
            typeStack.removeLast()
            fileScopedStack.removeLast()
            bootstrapStack.removeLast()
            genericNames.removeLast()
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            if functions.isEmpty, let kind = bootstrapStack.last ?? nil {
                let isStatic = node.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
                let isObjC = node.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.text(in: source) == "objc" }
                let name = node.name.text
                // `loadAllMethods` invokes every class method of the metaclass with no arguments, `+load` and
                // `+initialize` included (`ModuleManager.swift:76-92`); instance and non-`@objc` methods are not in it.
                let shape: NNFacts.BootstrapMethod.Shape =
                    !(isStatic && isObjC) ? .neverInvoked
                    : name == "load" || name == "initialize" ? .runsTwice
                    : node.signature.parameterClause.parameters.isEmpty ? .invoked : .hasParameters
                facts.bootstrapMethods.append(.init(kind: kind, name: name, shape: shape, location: location(node.name)))
            }
            noteAttributedParameters(of: node.name.text, node.signature.parameterClause.parameters)
            functions.append(node.name.text)
            signatures.append(node.name.text + "(" + node.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined() + ")")
            removedInFunction.append([:])
            genericNames.append(Set(node.genericParameterClause?.parameters.map(\.name.text) ?? []))
            scopes.append(LocalScope())
            return .visitChildren
        }

        override func visitPost(_ node: FunctionDeclSyntax) {
            functions.removeLast()
            signatures.removeLast()
            removedInFunction.removeLast()
            genericNames.removeLast()
            scopes.removeLast()
        }

        /// The locals of a function, initializer, accessor or closure.
        struct LocalScope {
            /// The closure it is (nil for a function, initializer or accessor).
            var closure: SyntaxIdentifier?
            /// Each local's name to the name the facts give it.
            var locals: [String: String] = [:]
        }

        /// The local scopes around the node being visited, innermost last.
        var scopes: [LocalScope] = []
        /// Immediately called closures that make a stored value (`static let router: URLRouter = { let r = URLRouter(…);
        /// …; return r }()`): the local they return is that value, under the property's name.
        var closureResults: [SyntaxIdentifier: (local: String, property: String)] = [:]

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            scopes.append(LocalScope(closure: node.id))
            return .visitChildren
        }

        override func visitPost(_ node: ClosureExprSyntax) { scopes.removeLast() }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            if let owner = typeStack.last { noteAttributedParameters(of: owner, node.signature.parameterClause.parameters) }
            scopes.append(LocalScope())
            return .visitChildren
        }

        override func visitPost(_ node: InitializerDeclSyntax) { scopes.removeLast() }

        override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
            scopes.append(LocalScope())
            return .visitChildren
        }

        override func visitPost(_ node: AccessorDeclSyntax) { scopes.removeLast() }

        /// The name a variable declared here goes by: `Type.name` outside any function or closure; a local is its own, as two
        /// functions' `let router = URLRouter(…)` are two routers, named after the type and the place it is declared
        /// (`Module.Awake.router (local, Shop.swift:8)`), unless its closure makes a stored value it returns.
        func declare(_ name: String, at node: some SyntaxProtocol) -> String {
            guard let scope = scopes.last else { return qualified(name) }
            let declared: String
            if let closure = scope.closure, let result = closureResults[closure], result.local == name {
                declared = result.property
            } else {
                let place = location(node)
                declared = "\(qualified(name)) (local, \(place.file.split(separator: "/").last.map(String.init) ?? place.file):\(place.line))"
            }
            scopes[scopes.count - 1].locals[name] = declared
            return declared
        }

        /// What `name` refers to here: the innermost local of that name, else `Type.name`.
        func resolved(_ name: String) -> String {
            for scope in scopes.reversed() { if let local = scope.locals[name] { return local } }
            return qualified(name)
        }

        /// The bootstrap method a call is written in, if any.
        var bootstrapMethod: String? { (bootstrapStack.last ?? nil) != nil ? functions.first : nil }

        /// A name as the app refers to it across files: `Type.name` inside a type, else `name`.
        func qualified(_ name: String) -> String { typeStack.last.map { "\($0).\(name)" } ?? name }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                if name == "implPriority", let owner = typeStack.last {
                    facts.priorities.append(.init(className: owner, value: integer(binding), location: location(binding.pattern)))
                    continue
                }
                guard let value = binding.initializer?.value else { continue }
                if let call = value.as(FunctionCallExprSyntax.self), let closure = call.calledExpression.as(ClosureExprSyntax.self),
                   let returned = closure.statements.lazy.compactMap({ $0.item.as(ReturnStmtSyntax.self)?.expression?.as(DeclReferenceExprSyntax.self) }).first {
                    closureResults[closure.id] = (returned.baseName.text, declare(name, at: binding.pattern))
                }
                if let text = literal(value) {
                    constants[name] = text
                    constants[qualified(name)] = text
                } else if let call = value.as(FunctionCallExprSyntax.self) {
                    let declared = declare(name, at: binding.pattern)
                    // A `private` type's (or a `private` property's) name is its file's only.
                    routerCreation(call, name: declared, at: binding.pattern, fileScoped: fileScopedStack.contains(true) || isFileScoped(node.modifiers))
                    if let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
                       generic.expression.text(in: source) == "EventSet",
                       let argument = generic.genericArgumentClause.arguments.first {
                        eventSets[declared] = argument.text(in: source)
                    }
                } else if value.is(MemberAccessExprSyntax.self) || value.is(DeclReferenceExprSyntax.self) {
                    // `let sub = ShopModule.router`: the same router under another name (for other values, an unused entry).
                    let target = routerName(value)
                    aliases[declare(name, at: binding.pattern)] = target
                }
            }
            return .visitChildren
        }

        /// Records `URLRouter(with: upper)` / `URLRouter(routeParser: URLRouteParser(defaultScheme: "x"))` stored in `name`.
        func routerCreation(_ call: FunctionCallExprSyntax, name: String, at node: some SyntaxProtocol, fileScoped: Bool) {
            guard call.calledExpression.text(in: source).hasSuffix("URLRouter") else { return }
            var upper: String?
            var scheme: String?
            for argument in call.arguments {
                switch argument.label?.text {
                case "with": upper = routerName(argument.expression)
                case "routeParser":
                    if let parser = argument.expression.as(FunctionCallExprSyntax.self),
                       let given = parser.arguments.first(where: { $0.label?.text == "defaultScheme" }) {
                        scheme = literal(given.expression)
                    }
                default: break
                }
            }
            facts.routers.append(.init(name: name, upper: upper, defaultScheme: scheme, location: location(node), fileScoped: fileScoped))
        }

        /// The name a router expression stands for, across files.
        func routerName(_ expression: ExprSyntax) -> String {
            let text = framework(expression.text(in: source))
            if text == NNSwiftReader.defaultRouter || text == "URLRouter.defaultRouter" { return NNSwiftReader.defaultRouter }
            if text == NNSwiftReader.routeService { return text }
            var name = text
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                // `self` inside a router class is that router.
                name = reference.baseName.text == "self" ? typeStack.last ?? "self" : resolved(reference.baseName.text)
            } else if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base.map({ framework($0.text(in: source)) }) {
                let property = member.declName.baseName.text
                name = base == "self" || base == "Self" ? qualified(property) : "\(base).\(property)"
            }
            return aliases[name] ?? name
        }

        // MARK: Calls

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if framework(node.calledExpression.text(in: source)) == "URLRouteParser" {
                // `URLRouteParser()` keeps "nn"; a scheme that is not a literal makes every route key uncertain.
                let given = node.arguments.first { $0.label?.text == "defaultScheme" }
                let scheme = given.map { literal($0.expression)?.lowercased() } ?? "nn"
                facts.parsers.append(.init(defaultScheme: scheme, location: location(node)))
            }
            // Inside `extension Module`, `register(service:used:)` and `Self.service(of:)` are Module's own static methods
            // (`Module.swift:51`): an app's wrapper around them registers and looks up as Module does.
            let inModule = typeStack.last.map { $0 == "Module" || $0.hasPrefix("Module.") } ?? false
            let method: String
            let base: ExprSyntax?
            var baseText: String
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
                method = member.declName.baseName.text
                base = member.base
                baseText = framework(base?.text(in: source) ?? "")
                if inModule, baseText == "Self" || baseText == "self" { baseText = "Module" }
            } else if inModule, let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
                method = reference.baseName.text
                base = nil
                baseText = "Module"
            } else {
                return .visitChildren
            }
            let labels = node.arguments.map { $0.label?.text }
            let first = node.arguments.first?.expression
            switch method {
            case "register" where baseText == "Module" && labels == ["service", "used"]:
                let service = typeValue(node.arguments.first!.expression)
                let afterRemoval = service.literal.map { takeRemoval($0, before: node) } ?? false
                facts.registrations.append(.init(service: service, impl: typeValue(node.arguments.last!.expression),
                                                 api: .swift, method: bootstrapMethod, location: location(node),
                                                 branches: branches + runtimeBranches(of: node), enclosingTypes: typeStack,
                                                 afterRemoval: afterRemoval))
            case "removeService" where baseText == "Module" && labels == ["of"]:
                if let service = typeValue(first!).literal { noteRemoval(service, at: node) }
            case "removeAllRoutes":
                if let base { noteRemoval(allRoutesKey(router: routerName(base)), at: node) }
            case "removeRoute":
                if let base, let first, let route = routeValue(first).literal { noteRemoval(removalKey(router: routerName(base), route: route), at: node) }
            case "service" where baseText == "Module" && labels == ["of"]:
                facts.lookups.append(.init(service: typeValue(first!), api: .swift, fromClass: typeStack.last, location: location(node),
                                           enclosingTypes: typeStack))
            case "registerRoute", "delayedRegisterRoute", "registerRoutes":
                guard let base, let first else { break }
                let router = routerName(base)
                if labels.count == 2, labels[1] == "used" {
                    let sub = routerName(node.arguments.last!.expression)
                    let routes = method == "registerRoutes" ? arrayValues(first) : [routeValue(first)]
                    for route in routes {
                        facts.routes.append(.init(router: router, route: route, kind: .subRouter, subRouter: sub, location: location(node),
                                                  branches: branches + runtimeBranches(of: node)))
                    }
                } else if method != "registerRoutes" {
                    let route = routeValue(first)
                    let afterRemoval = route.literal.map { takeRemoval(removalKey(router: router, route: $0), before: node) } ?? false
                    facts.routes.append(.init(router: router, route: route, kind: method == "delayedRegisterRoute" ? .delayed : .handler,
                                              location: location(node), branches: branches + runtimeBranches(of: node), afterRemoval: afterRemoval))
                }
            case "openRoute":
                guard let base, let first else { break }
                var route = routeValue(first)
                var fallback: String?
                if let coalescing = nilCoalescing(first) {
                    route = routeValue(coalescing.value)
                    fallback = coalescing.fallback
                }
                facts.opens.append(.init(router: routerName(base), route: route, fallback: fallback, fromClass: typeStack.last, location: location(node)))
            case "updateRedirectRoutes", "resetRedirectRoutes":
                guard let first else { break }
                let resets = method == "resetRedirectRoutes"
                // `router.routeRedirector.updateRedirectRoutes(…)`: each router has its own redirector, or its upper one's.
                let redirector = base?.as(MemberAccessExprSyntax.self).flatMap { $0.declName.baseName.text == "routeRedirector" ? $0.base : nil }
                let router = redirector.map(routerName)
                if let dictionary = first.as(DictionaryExprSyntax.self), case .elements(let elements) = dictionary.content {
                    for element in elements {
                        facts.redirects.append(.init(from: routeValue(element.key), to: routeValue(element.value), resets: resets,
                                                     location: location(element), router: router))
                    }
                } else if let dictionary = first.as(DictionaryExprSyntax.self), case .colon = dictionary.content {
                    facts.redirects.append(.init(from: .dynamic(expression: "[:]"), to: nil, resets: resets, location: location(node), router: router))
                } else {
                    facts.redirects.append(.init(from: .dynamic(expression: clipped(first)), to: nil, resets: resets, location: location(node),
                                                 router: router))
                }
            case "append", "insert":
                guard baseText.hasSuffix("routeInterceptor"), let first else { break }
                facts.interceptors.append(interceptor(first, at: node))
            case "register" where labels == [nil, "target"]:
                guard let first, let type = metatype(first) else { break }
                facts.events.append(.init(type: type, bus: baseText, kind: .register, fromClass: typeStack.last, location: location(node)))
            case "send", "remove":
                if let first, let type = metatype(first) {
                    facts.events.append(.init(type: type, bus: baseText, kind: method == "send" ? .send : .remove, fromClass: typeStack.last,
                                              location: location(node)))
                } else if method == "send", let base, let type = eventSets[routerName(base)] {
                    facts.events.append(.init(type: type, bus: routerName(base), kind: .send, fromClass: typeStack.last, location: location(node)))
                }
            case "addTarget", "removeTarget":
                guard let base, let type = eventSets[routerName(base)] else { break }
                facts.events.append(.init(type: type, bus: routerName(base), kind: method == "addTarget" ? .register : .remove,
                                          fromClass: typeStack.last, location: location(node)))
            case "addObserver" where labels.first == "forName" && (labels.contains("isSticky") || baseText.hasSuffix("notificationService")):
                let token = token(of: node)
                facts.observers.append(.init(name: notificationName(first!), sticky: isTrue(node, "isSticky"), token: token,
                                             fromClass: typeStack.last, location: location(node),
                                             resultBuilder: token == .discarded ? resultBuilderUse(of: node) : nil))
            case "post" where labels.first == "name" && (labels.contains("isSticky") || baseText.hasSuffix("notificationService")):
                facts.posts.append(.init(name: notificationName(first!), sticky: isTrue(node, "isSticky"), location: location(node)))
            case "addRegister" where baseText.hasSuffix("tabService") || baseText.hasSuffix("launchTaskService"):
                guard let first else { break }
                facts.registered.append(.init(kind: baseText.hasSuffix("tabService") ? .tab : .launchTask, className: typeValue(first),
                                              method: bootstrapMethod, location: location(node), function: launchPhaseFunction(of: node)))
            default:
                break
            }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            // `URLRouter.default = AppRouter.shared`: the default router may be that one from then on.
            let elements = Array(node.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) {
                let target = framework(elements[0].text(in: source))
                if target == NNSwiftReader.defaultRouter || target == "URLRouter.defaultRouter" {
                    let value = elements[2]
                    let named = value.is(DeclReferenceExprSyntax.self) || value.is(MemberAccessExprSyntax.self)
                    facts.defaultRouterAssignments.append(.init(router: named ? routerName(value) : nil, location: location(node)))
                }
            }
            return .visitChildren
        }

        /// Remembers that the call `node` removes `key`, in the statement list it is written in.
        func noteRemoval(_ key: String, at node: some SyntaxProtocol) {
            guard !removedInFunction.isEmpty else { return }
            var current = Syntax(node).parent
            while let parent = current, !parent.is(CodeBlockItemListSyntax.self) { current = parent.parent }
            guard let block = current else { return }
            removedInFunction[removedInFunction.count - 1][key] = Removal(block: block.id, position: node.position)
        }

        /// Whether a removal of `key` surely runs before `node` in its function; the first registration after it takes it
        /// (a second one finds the key taken again).
        func takeRemoval(_ key: String, before node: some SyntaxProtocol) -> Bool {
            guard let scope = removedInFunction.last else { return false }
            if let removal = scope[key], removalRuns(removal, before: node) {
                removedInFunction[removedInFunction.count - 1][key] = nil
                return true
            }
            // `removeAllRoutes()` freed every key of its router (`URLRouter.swift:114-116`).
            if let router = key.split(separator: "\u{0}", omittingEmptySubsequences: false).dropFirst().first.map(String.init),
               let all = scope[allRoutesKey(router: router)], removalRuns(all, before: node), !all.taken.contains(key) {
                removedInFunction[removedInFunction.count - 1][allRoutesKey(router: router)]?.taken.insert(key)
                return true
            }
            return false
        }

        /// How `removeAllRoutes()` of a router is remembered.
        func allRoutesKey(router: String) -> String { "all-routes\u{0}" + router }

        /// How a removed route is remembered: by its router and its text.
        func removalKey(router: String, route: String) -> String { "route\u{0}" + router + "\u{0}" + route }

        /// The arms of `if`, `switch`, `guard` and `?:` around `node` within its function (`RuntimeBranches`).
        func runtimeBranches(of node: some SyntaxProtocol) -> [NNFacts.Branch] {
            arms.of(node) { location($0) }
        }

        /// Whether a removal recorded as `removal` runs, unconditionally, before `node` in the same call: it is written
        /// earlier, in a block that holds `node` (not in an arm of an `if` or a closure `node` is outside of).
        func removalRuns(_ removal: Removal, before node: some SyntaxProtocol) -> Bool {
            guard removal.position < node.position else { return false }
            var current = Syntax(node).parent
            while let parent = current {
                if parent.id == removal.block { return true }
                if parent.is(FunctionDeclSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(InitializerDeclSyntax.self) { return false }
                current = parent.parent
            }
            return false
        }

        /// The function `node` is written in, as `name(label:…)`; nil when its body runs the launch itself (an app
        /// delegate forwarding `willFinishLaunchingWithOptions` to ModuleManager, or calling `execute()`), after which
        /// the order is the body's.
        func launchPhaseFunction(of node: some SyntaxProtocol) -> String? {
            var current = Syntax(node).parent
            while let parent = current, !parent.is(FunctionDeclSyntax.self) { current = parent.parent }
            guard let function = current?.as(FunctionDeclSyntax.self), let body = function.body?.text(in: source),
                  !body.contains("willFinishLaunching"), !body.contains("execute()") else { return nil }
            return signatures.last
        }

        /// Whether the statement `item` is the value its body returns without `return`: the only statement of a function
        /// that returns something, of a getter or computed property, or of a closure (`names.map { center.addObserver(…) }`,
        /// which may keep it).
        func returnsImplicitly(_ item: Syntax) -> Bool {
            guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1, let body = list.parent else { return false }
            if body.is(ClosureExprSyntax.self) || body.is(AccessorBlockSyntax.self) { return true }
            guard body.is(CodeBlockSyntax.self), let owner = body.parent else { return false }
            if let function = owner.as(FunctionDeclSyntax.self) { return function.signature.returnClause != nil }
            return owner.is(AccessorDeclSyntax.self) && owner.as(AccessorDeclSyntax.self)?.accessorSpecifier.tokenKind == .keyword(.get)
        }

        /// What becomes of an `addObserver` result: `.disposed(by:)`, discarded (a statement of its own or `_ =`), or kept.
        func token(of call: FunctionCallExprSyntax) -> NNFacts.Observer.Token { fate(of: Syntax(call)) }

        /// What becomes of the value of `value`: the call itself, or an `if` / `switch` expression one of whose branches it is.
        func fate(of value: Syntax) -> NNFacts.Observer.Token {
            var node = value
            // `try`, `await` and parentheses do not change what happens to the value; an `if` or `switch` written as a
            // statement is an expression statement around it.
            while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) || parent.is(ExpressionStmtSyntax.self) {
                node = parent
            }
            guard let parent = node.parent else { return .kept }
            if let member = parent.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "disposed" { return .disposed }
            if parent.is(CodeBlockItemSyntax.self) {
                if returnsImplicitly(parent) { return .kept }
                // A branch of an `if` / `switch` expression is that expression's value (SE-0380), which fares as the
                // expression does: assigned, returned or bound it is kept; written as a statement it is discarded.
                if let branching = branchingExpression(of: parent) { return fate(of: branching) }
                return .discarded
            }
            if let list = parent.as(ExprListSyntax.self), list.count == 3, list.first?.is(DiscardAssignmentExprSyntax.self) == true,
               list.last.map({ Syntax($0) }) == node {
                return .discarded
            }
            return .kept
        }

        /// What may make the body that holds the statement `call` a result builder's: the attributes of its property,
        /// getter or function, or the call its closure is an argument of.
        func resultBuilderUse(of call: FunctionCallExprSyntax) -> NNFacts.ResultBuilderUse? {
            var node = Syntax(call)
            while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { node = parent }
            guard node.parent?.is(CodeBlockItemSyntax.self) == true, let body = node.parent?.parent?.parent else { return nil }
            if let closure = body.as(ClosureExprSyntax.self) {
                var argument = Syntax(closure)
                var label: String?
                if let labelled = closure.parent?.as(LabeledExprSyntax.self) {
                    label = labelled.label?.text
                    argument = Syntax(labelled)
                } else if let trailing = closure.parent?.as(MultipleTrailingClosureElementSyntax.self) {
                    label = trailing.label.text
                    argument = Syntax(trailing)
                }
                var owner = argument.parent
                while let current = owner, !current.is(FunctionCallExprSyntax.self),
                      current.is(LabeledExprListSyntax.self) || current.is(MultipleTrailingClosureElementListSyntax.self) {
                    owner = current.parent
                }
                guard let call = owner?.as(FunctionCallExprSyntax.self) else { return nil }
                let called = call.calledExpression
                guard let function = called.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? called.as(DeclReferenceExprSyntax.self)?.baseName.text
                else { return nil }
                return .argument(function: function, label: label)
            }
            var declaration = body.is(CodeBlockSyntax.self) ? body.parent : body
            if let function = declaration?.as(FunctionDeclSyntax.self) { return .attributes(attributeNames(function.attributes)) }
            // A computed property's body, or its getter's: up through the accessors to the property.
            while let current = declaration, current.is(AccessorDeclSyntax.self) || current.is(AccessorDeclListSyntax.self)
                    || current.is(AccessorBlockSyntax.self) || current.is(PatternBindingSyntax.self) || current.is(PatternBindingListSyntax.self) {
                declaration = current.parent
            }
            return declaration?.as(VariableDeclSyntax.self).map { .attributes(attributeNames($0.attributes)) }
        }

        /// The `if` (the first of an `else if` chain, ending in `else`) or `switch` whose branch is the single statement
        /// `item`: the value of such a branch is the expression's value when it is used as one (Swift 5.9, SE-0380).
        func branchingExpression(of item: Syntax) -> Syntax? {
            guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1, let body = list.parent else { return nil }
            if let switchCase = body.as(SwitchCaseSyntax.self) {
                return switchCase.parent?.parent?.as(SwitchExprSyntax.self).map(Syntax.init)
            }
            guard body.is(CodeBlockSyntax.self), var branch = body.parent?.as(IfExprSyntax.self) else { return nil }
            while let outer = branch.parent?.as(IfExprSyntax.self) { branch = outer }
            // Without a final `else` an `if` is no expression, only a statement.
            var last = branch
            while case .ifExpr(let next) = last.elseBody { last = next }
            return last.elseBody == nil ? nil : Syntax(branch)
        }

        func interceptor(_ expression: ExprSyntax, at node: some SyntaxProtocol) -> NNFacts.Interceptor {
            guard let call = expression.as(FunctionCallExprSyntax.self) else {
                return .init(action: clipped(expression), routes: [], location: location(node))
            }
            var routes: [ScanValue] = []
            for argument in call.arguments {
                if argument.label?.text == "specifiedRoutes" { routes = arrayValues(argument.expression) }
                if argument.label?.text == "specifiedRoute" { routes = [routeValue(argument.expression)] }
            }
            return .init(action: call.calledExpression.text(in: source), routes: routes, location: location(node))
        }

        // MARK: Values

        /// `P.self` (or `(any P).self`, the same metatype) as `P`; anything else as its expression.
        func typeValue(_ expression: ExprSyntax) -> ScanValue {
            guard var type = metatype(expression) else { return .dynamic(expression: clipped(expression)) }
            if type.hasPrefix("("), type.hasSuffix(")") { type = String(type.dropFirst().dropLast()).trimmingSpaces() }
            if type.hasPrefix("any ") { type = String(type.dropFirst(4)).trimmingSpaces() }
            // A generic helper's `T.self` is whatever its caller picks, not a service named `T`.
            if genericNames.contains(where: { $0.contains(type) }) { return .dynamic(expression: clipped(expression)) }
            return .literal(type)
        }

        /// A route: a literal, a known string constant, `URLRouter.webLink` (`"weblink"`, `URLRouter.swift:13`), a known
        /// router's `webLink` (an instance property up to 1.0.5, `URLRouterType.swift:66` there), or the expression.
        func routeValue(_ expression: ExprSyntax) -> ScanValue {
            if let text = literal(expression) { return .literal(text) }
            let text = expression.text(in: source)
            if framework(text) == "URLRouter.webLink" { return .literal("weblink") }
            if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "webLink", let base = member.base {
                let router = routerName(base)
                if router == NNSwiftReader.defaultRouter || router == NNSwiftReader.routeService || facts.routers.contains(where: { $0.name == router }) {
                    return .literal("weblink")
                }
            }
            if let constant = constants[text] ?? constants[qualified(text)] { return .literal(constant) }
            if let member = expression.as(MemberAccessExprSyntax.self), member.base?.text(in: source) == "Self" || member.base?.text(in: source) == "self",
               let constant = constants[qualified(member.declName.baseName.text)] {
                return .literal(constant)
            }
            return .dynamic(expression: clipped(expression))
        }

        /// The elements of an array literal as routes, or the expression.
        func arrayValues(_ expression: ExprSyntax) -> [ScanValue] {
            guard let array = expression.as(ArrayExprSyntax.self) else { return [.dynamic(expression: clipped(expression))] }
            return array.elements.map { routeValue($0.expression) }
        }

        /// A notification name: the literal of `Notification.Name("x")` / `.init("x")` or a string, else the expression.
        func notificationName(_ expression: ExprSyntax) -> ScanValue {
            if let text = literal(expression) { return .literal(text) }
            if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
               ["Notification.Name", "NSNotification.Name", ".init", "Name"].contains(call.calledExpression.text(in: source)),
               let text = literal(call.arguments.first!.expression) {
                return .literal(text)
            }
            return .dynamic(expression: clipped(expression))
        }

        func metatype(_ expression: ExprSyntax) -> String? {
            guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self", let base = member.base else { return nil }
            return base.text(in: source)
        }

        /// `x ?? "literal"` as (`x`, the literal).
        func nilCoalescing(_ expression: ExprSyntax) -> (value: ExprSyntax, fallback: String)? {
            if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
               sequence.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
               let left = sequence.elements.first, let right = sequence.elements.last, let text = literal(right) {
                return (left, text)
            }
            if let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.text(in: source) == "??", let text = literal(infix.rightOperand) {
                return (infix.leftOperand, text)
            }
            return nil
        }

        func isTrue(_ call: FunctionCallExprSyntax, _ label: String) -> Bool {
            call.arguments.first { $0.label?.text == label }?.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
        }

        func integer(_ binding: PatternBindingSyntax) -> Int? {
            if let value = binding.initializer?.value { return integer(value) }
            guard let accessors = binding.accessorBlock?.accessors else { return nil }
            var items: CodeBlockItemListSyntax?
            switch accessors {
            case .getter(let list): items = list
            case .accessors(let list): items = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
            }
            guard let items, items.count == 1, let item = items.first else { return nil }
            if let expression = item.item.as(ExprSyntax.self) { return integer(expression) }
            if let statement = item.item.as(ReturnStmtSyntax.self), let expression = statement.expression { return integer(expression) }
            return nil
        }

        func integer(_ expression: ExprSyntax) -> Int? {
            if let literal = expression.as(IntegerLiteralExprSyntax.self) { return Int(literal.literal.text.replacingOccurrences(of: "_", with: "")) }
            if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-", let value = integer(prefix.expression) { return -value }
            return nil
        }

        func literal(_ expression: ExprSyntax) -> String? {
            guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
            var text = ""
            let pounds = literal.openingPounds?.text.count ?? 0
            for segment in literal.segments {
                guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
                text += NNSwiftReader.unescaped(plain.content.text, pounds: pounds)
            }
            return text
        }

        func clipped(_ expression: ExprSyntax) -> String {
            let text = expression.text(in: source)
            return text.count > ObjCReader.expressionLimit ? String(text.prefix(ObjCReader.expressionLimit)) + "…" : text
        }
    }
}
