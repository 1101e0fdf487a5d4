import LegoModel

/// One call of a framework macro or selector, as either language's reader found it; `interpret` turns it into facts.
///
/// Both readers reduce what they see to this shape (an Objective-C macro or `[receiver sel:arg …]`, a Swift
/// `receiver.base(label: arg …)` rebuilt as the Objective-C selector it imports), so what each API means is written once.
struct FrameworkCall {
    /// One argument, shaped just enough for the framework's APIs.
    indirect enum Argument {
        /// A string literal (adjacent literals joined), and where it is written when known.
        case string(String, at: SourceLocation?)
        /// `@[…]` or `[…]`.
        case array([Argument])
        /// `@{…}` or `[k: v]`.
        case dictionary([(key: Argument, value: Argument)])
        /// `nil`.
        case null
        /// A name or expression the reader resolved to these values, with the lines that led there.
        case resolved([String], chain: [SourceLocation])
        /// A bare identifier (a variable, a selector name in `XF_PUT_*`, a class).
        case identifier(String)
        /// Anything else, as its expression text.
        case expression(String)

        /// The argument as a URL or name value: literal text, or the expression.
        var value: ScanValue? {
            switch self {
            case .string(let text, _): .literal(text)
            case .resolved(let values, let chain): .resolved(values: values, chain: chain)
            case .null: nil
            case .identifier(let name): .dynamic(expression: name)
            case .expression(let text): .dynamic(expression: text)
            case .array, .dictionary: .dynamic(expression: description)
            }
        }

        /// Where a string literal is written.
        var location: SourceLocation? {
            if case .string(_, let site) = self { return site }
            return nil
        }

        /// The argument as source-like text, for dynamic values.
        var description: String {
            switch self {
            case .string(let text, _): "\"\(text)\""
            case .resolved(let values, _): values.map { "\"\($0)\"" }.joined(separator: " | ")
            case .array(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
            case .dictionary(let pairs): "{" + pairs.map { "\($0.key.description): \($0.value.description)" }.joined(separator: ", ") + "}"
            case .null: "nil"
            case .identifier(let name): name
            case .expression(let text): text
            }
        }
    }

    /// The macro name, or the full selector (`openURLForPush:customCode:`, `popComponent`).
    var name: String
    /// The receiver, for message sends.
    var receiver: Argument?
    /// The arguments in order (for variadic sends, the extra comma-separated ones follow).
    var arguments: [Argument]
    /// The class whose code makes the call.
    var fromClass: String?
    /// Where the call starts.
    var location: SourceLocation
    /// The `#if` clauses and `if` arms the call is written in, read for route registrations only (a URL registered in
    /// each half of `#if DEBUG` is registered once).
    var branches: [SourceBranch] = []

    private func argument(_ index: Int) -> Argument? { index < arguments.count ? arguments[index] : nil }

    /// What the framework's macro or selector `name` does, if it is one of the table's.
    static func meaning(of name: String) -> XFCallTable.Meaning? {
        name.hasPrefix("XF_") ? XFCallTable.macros[name] : XFCallTable.meaningBySelector[name]
    }

    /// Whether a call of `name` registers URL routes: the only facts whose `#if` clauses and `if` arms are read.
    static func registersRoutes(_ name: String) -> Bool {
        switch meaning(of: name) {
        case .routeGroup?, .routeSingle?: true
        default: false
        }
    }

    /// Adds what the call means to `facts` (from `XFCallTable`); calls the framework does not define add nothing.
    func interpret(into facts: inout ScanFacts) {
        guard let meaning = Self.meaning(of: name) else { return }
        switch meaning {
        case .transition(let kind, let target):
            // A macro named without the argument that holds its target is not a call: a comment's prose ("add
            // sub-modules with `XF_SubUInterface_`"), read again as code, named it.
            if name.hasPrefix("XF_"), case .url(let index) = target, index >= arguments.count { return }
            if name.hasPrefix("XF_"), case .name(let index) = target, index >= arguments.count { return }
            transition(kind, self.target(target), into: &facts)
        case .put(let target):
            transition(Self.kind(ofMethod: argument(0)), self.target(target), into: &facts)
        case .routeGroup:
            switch argument(0) {
            case .array(let items):
                for item in items { route(item.value, component: nil, form: .group, at: item.location, into: &facts) }
            case .dictionary(let pairs):
                for pair in pairs {
                    route(pair.key.value, component: pair.value.value, form: .replacingGroup, at: pair.key.location, into: &facts)
                }
            case let other?:
                route(other.value, component: nil, form: .group, into: &facts)
            case nil:
                break
            }
        case .routeSingle(let component):
            // `register:` is also a common name elsewhere: only the URL route's counts (`self` in a category of
            // XFURLRoute is the route class, `XFURLRoute.h:25`).
            let receiverText = receiver?.description ?? ""
            guard component != nil || receiverText.contains("URL") || (receiverText == "self" && fromClass == "XFURLRoute") else { return }
            route(argument(0)?.value, component: component.flatMap(argument)?.value, form: .single, into: &facts)
        case .verifyURLRoute:
            facts.urlVerifications.append(location)
        case .routePlug:
            // The framework's own plug is XFURLRoute: setting it changes nothing.
            let plug = (arguments.first?.description ?? "").filter { $0 != " " }
            if !["[XFURLRouteclass]", "XFURLRoute.self", "XFURLRoute.class"].contains(plug) { facts.routePlugs.append(location) }
        case .httpHandler:
            guard let value = argument(0)?.value else { return }
            facts.httpHandlers.append(.init(component: value, location: location))
        case .prefix(let isList):
            let prefixes = isList ? argument(0).map(Self.values) ?? [] : argument(0)?.value.map { [$0] } ?? []
            facts.prefixSettings.append(.init(prefixes: prefixes, isList: isList, location: location))
        case .event(let nameIndex, let targets, let rest):
            var given = rest ? Array(arguments.dropFirst(targets)) : argument(targets).map { [$0] } ?? []
            var variadicArray: String?
            // The variadic form reads each argument as a name and stops at the first that is not a string
            // (XFEventBus.m:64): an array there ends the list. (2.x's macro took the array first, in place of the name.)
            if rest, !isArray(argument(0)), let stop = given.firstIndex(where: isArray) {
                variadicArray = given[stop].description
                given = Array(given[..<stop])
            }
            var send = ScanFacts.EventSend(event: argument(nameIndex)?.value ?? .dynamic(expression: "nil"), components: given.flatMap(Self.values),
                                           scope: .directed, fromClass: fromClass, via: name, location: location)
            send.variadicArray = variadicArray
            facts.events.append(send)
        case .eventInEitherOrder:
            let current = (event: argument(0)?.value ?? .dynamic(expression: "nil"), components: argument(2).map(Self.values) ?? [])
            let earlier = (event: argument(1)?.value ?? .dynamic(expression: "nil"), components: argument(0).map(Self.values) ?? [])
            var send = ScanFacts.EventSend(event: current.event, components: current.components, scope: .directed, fromClass: fromClass,
                                           via: name, location: location)
            send.earlierReading = .init(event: earlier.event, components: earlier.components)
            facts.events.append(send)
        case .notification(let nameIndex):
            facts.events.append(.init(event: argument(nameIndex)?.value ?? .dynamic(expression: "nil"), components: [],
                                      scope: .notification, fromClass: fromClass, via: name, location: location))
        case .notificationRegistration(let from):
            guard let fromClass else { return }
            for value in arguments.dropFirst(from).flatMap(Self.values) {
                facts.receipts.append(.init(className: fromClass, event: value, kind: .notification, location: location))
            }
        case .eventIs:
            guard let fromClass, let value = argument(0)?.value else { return }
            facts.receipts.append(.init(className: fromClass, event: value, kind: .compares, location: location))
        case .handlesEvent(let event, let defines):
            guard let fromClass else { return }
            if defines {
                facts.receipts.append(.init(className: fromClass, event: nil, kind: .handler, location: location))
                facts.receipts.append(.init(className: fromClass, event: .literal(event), kind: .notification, location: location))
            }
            facts.receipts.append(.init(className: fromClass, event: .literal(event), kind: .compares, location: location))
        case .registersNotification(let event):
            guard let fromClass else { return }
            facts.receipts.append(.init(className: fromClass, event: .literal(event), kind: .notification, location: location))
        case .comparesEventName:
            // `[eventName isEqualToString:X]` or `[X isEqualToString:eventName]` in an event handler.
            guard let fromClass else { return }
            let compared: Argument?
            if case .identifier("eventName")? = receiver { compared = argument(0) }
            else if case .identifier("eventName")? = argument(0) { compared = receiver }
            else { compared = nil }
            guard let value = compared?.value else { return }
            facts.receipts.append(.init(className: fromClass, event: value, kind: .compares, location: location))
        case .subscription(let nameIndex):
            guard let fromClass, let value = argument(nameIndex)?.value else { return }
            facts.receipts.append(.init(className: fromClass, event: value, kind: .subscription, location: location))
        case .export:
            guard let fromClass else { return }
            facts.exports.append(.init(className: fromClass, location: location))
        case .assembly(let shareModule, let sharedDataManager):
            guard let fromClass else { return }
            facts.assemblies.append(.init(className: fromClass, macro: name,
                                          shareModule: shareModule.map { argument($0)?.value ?? .dynamic(expression: "nil") },
                                          sharedDataManager: sharedDataManager.flatMap(argument)?.value, location: location))
        case .injection(let activity, let presenter):
            guard let fromClass else { return }
            var assembly = ScanFacts.Assembly(className: fromClass, macro: name, shareModule: nil, sharedDataManager: nil, location: location)
            assembly.isInjection = true
            assembly.injectedActivity = activity.flatMap(argument).flatMap(Self.className)
            assembly.injectedPresenter = argument(presenter).flatMap(Self.className)
            facts.assemblies.append(assembly)
        case .uikit(let kind):
            let text = receiver?.description ?? "self"
            guard ["self", "navigationController", "realInterface"].contains(where: { text.hasPrefix($0) }) else { return }
            transition(kind, .none, into: &facts)
        case .subRouting:
            // The readers resolve the routing class (`[C assembleRouting]` in a variable or inline) themselves.
            return
        }
    }

    private func transition(_ kind: ScanFacts.Transition.Kind, _ target: ScanFacts.Transition.Target, into facts: inout ScanFacts) {
        facts.transitions.append(.init(kind: kind, target: target, fromClass: fromClass, via: name, location: location))
    }

    private func target(_ target: XFCallTable.Target) -> ScanFacts.Transition.Target {
        switch target {
        case .url(let index): argument(index)?.value.map(ScanFacts.Transition.Target.url) ?? .url(.dynamic(expression: "nil"))
        case .name(let index): argument(index)?.value.map(ScanFacts.Transition.Target.name) ?? .name(.dynamic(expression: "nil"))
        case .nameOrNone(let index): argument(index)?.value.map(ScanFacts.Transition.Target.name) ?? .none
        case .none: .none
        }
    }

    private func route(_ url: ScanValue?, component: ScanValue?, form: ScanFacts.Route.Form, at site: SourceLocation? = nil,
                       into facts: inout ScanFacts) {
        guard let url else { return }
        facts.routes.append(.init(url: url, component: component, form: form, location: site ?? location, branches: branches))
    }

    /// The names an argument lists: an array's elements, or the argument itself; `nil` (the variadic terminator) gives none.
    private static func values(_ argument: Argument) -> [ScanValue] {
        switch argument {
        case .array(let items): items.compactMap(\.value)
        case .resolved(let values, let chain): values.map { .resolved(values: [$0], chain: chain) }
        case .null: []
        default: argument.value.map { [$0] } ?? []
        }
    }

    /// Whether an argument is an array literal, or a name holding one.
    private func isArray(_ argument: Argument?) -> Bool {
        if case .array? = argument { return true }
        return false
    }

    /// The class an argument names: `XF_Class_(C)`, `[C class]`, `C.class`, `C.self` or `NSClassFromString(@"C")`.
    private static func className(_ argument: Argument) -> String? {
        let text = argument.description.filter { $0 != " " }
        let inner: Substring
        if text.hasPrefix("XF_Class_("), text.hasSuffix(")") {
            inner = text.dropFirst("XF_Class_(".count).dropLast()
        } else if text.hasPrefix("["), text.hasSuffix("class]") {
            inner = text.dropFirst().dropLast("class]".count)
        } else if text.hasSuffix(".class") || text.hasSuffix(".self") {
            inner = text.dropLast(".class".count)
        } else if text.hasPrefix("NSClassFromString(@\""), text.hasSuffix("\")") {
            inner = text.dropFirst("NSClassFromString(@\"".count).dropLast(2)
        } else {
            return nil
        }
        guard let first = inner.first, first.isLetter || first == "_", inner.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(inner)
    }

    /// The transition kind of the `method` argument of `XF_PUT_*` (`openURLForPush`, `presentComponent` …).
    private static func kind(ofMethod argument: Argument?) -> ScanFacts.Transition.Kind {
        guard case .identifier(let method)? = argument else { return .custom }
        if method.hasPrefix("push") || method.hasSuffix("ForPush") { return .push }
        if method.hasPrefix("present") || method.hasSuffix("ForPresent") { return .present }
        return .custom
    }
}
