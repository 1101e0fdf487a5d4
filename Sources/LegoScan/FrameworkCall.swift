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
        /// A bare identifier (a variable, a selector name in `XF_PUT_*`, a class).
        case identifier(String)
        /// Anything else, as its expression text.
        case expression(String)

        /// The argument as a URL or name value: literal text, or the expression.
        var value: ScanValue? {
            switch self {
            case .string(let text, _): .literal(text)
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

    private func argument(_ index: Int) -> Argument? { index < arguments.count ? arguments[index] : nil }

    /// Adds what the call means to `facts`; calls the framework does not define add nothing.
    func interpret(into facts: inout ScanFacts) {
        if name.hasPrefix("XF_") { interpretMacro(into: &facts) } else { interpretSelector(into: &facts) }
    }

    private func transition(_ kind: ScanFacts.Transition.Kind, _ target: ScanFacts.Transition.Target, into facts: inout ScanFacts) {
        facts.transitions.append(.init(kind: kind, target: target, fromClass: fromClass, via: name, location: location))
    }

    private func urlTarget(_ index: Int) -> ScanFacts.Transition.Target {
        argument(index)?.value.map(ScanFacts.Transition.Target.url) ?? .url(.dynamic(expression: "nil"))
    }

    private func nameTarget(_ index: Int) -> ScanFacts.Transition.Target {
        argument(index)?.value.map(ScanFacts.Transition.Target.name) ?? .name(.dynamic(expression: "nil"))
    }

    // The macro table follows the definitions in the framework's headers (XFUIBus.h, XFEventBus.h,
    // XFUInterfaceFactory.h, XFRouting.h, XFControllerRunnable.h); each expands to one of the selectors below.
    private func interpretMacro(into facts: inout ScanFacts) {
        switch name {
        case "XF_PUSH_URLComponent_", "XF_PUSH_URLComponent_Fast":
            transition(.push, urlTarget(0), into: &facts)
        case "XF_Present_URLComponent_", "XF_Present_URLComponent_Fast":
            transition(.present, urlTarget(0), into: &facts)
        case "XF_PUT_URLComponent_":
            transition(Self.kind(ofMethod: argument(0)), urlTarget(1), into: &facts)
        case "XF_ShowURLComponent2Window_", "XF_ShowURLComponent2Window_Fast":
            transition(.root, urlTarget(0), into: &facts)
        case "XF_SubUInterface_URL":
            transition(.sub, urlTarget(0), into: &facts)
        case "XF_PUSH_Component_", "XF_PUSH_Component_Fast":
            transition(.push, nameTarget(0), into: &facts)
        case "XF_Present_Component_", "XF_Present_Component_Fast":
            transition(.present, nameTarget(0), into: &facts)
        case "XF_PUT_Component_":
            transition(Self.kind(ofMethod: argument(0)), nameTarget(1), into: &facts)
        case "XF_SubUInterface_":
            transition(.sub, nameTarget(0), into: &facts)
        case "XF_ShowRootComponent2Window_", "XF_ShowRootComponent2Window_Fast":
            transition(.root, nameTarget(0), into: &facts)
        case "XF_SendEventForComponents_":
            // (eventName, sendData, componentNames...) in 4.x; a single array argument in older versions.
            let targets = arguments.dropFirst(2).flatMap(Self.values)
            event(argument(0), targets: targets, into: &facts)
        case "XF_SendEventForComponent_", "XF_SendEventForModule_":
            // (componentName, eventName, sendData).
            event(argument(1), targets: argument(0)?.value.map { [$0] } ?? [], into: &facts)
        case "XF_SendEventForModules_":
            event(argument(1), targets: argument(0).map(Self.values) ?? [], into: &facts)
        case "XF_SendMVxNoti_":
            facts.events.append(.init(event: argument(0)?.value ?? .dynamic(expression: "nil"), components: [],
                                      scope: .notification, fromClass: fromClass, via: name, location: location))
        case "XF_RegisterMVxNotis_":
            guard let fromClass else { return }
            for value in arguments.flatMap(Self.values) {
                facts.receipts.append(.init(className: fromClass, event: value, kind: .notification, location: location))
            }
        case "XF_EventIs_":
            guard let fromClass, let value = argument(0)?.value else { return }
            facts.receipts.append(.init(className: fromClass, event: value, kind: .compares, location: location))
        case "XF_EXPORT_COMPONENT":
            guard let fromClass else { return }
            facts.exports.append(.init(className: fromClass, location: location))
        case "XF_AutoAssemblyModuleFromShareModuleName":
            guard let fromClass else { return }
            facts.assemblies.append(.init(className: fromClass, macro: name, shareModule: argument(0)?.value ?? .dynamic(expression: "nil"),
                                          location: location))
        default:
            guard let fromClass, name.hasPrefix("XF_AutoAssemblyModule") || name.hasPrefix("XF_InjectModuleWith_") else { return }
            var sharedDataManager: ScanValue?
            if name.hasSuffix("_ShareDM") { sharedDataManager = arguments.last?.value }
            // `XF_AutoAssemblyModuleForShareShell_Fast` shares the superclass routing's module; resolved later.
            facts.assemblies.append(.init(className: fromClass, macro: name, sharedDataManager: sharedDataManager, location: location))
        }
    }

    private func interpretSelector(into facts: inout ScanFacts) {
        let receiverText = receiver?.description ?? ""
        switch name {
        case "openURLForPush:customCode:", "openURLForPush:":
            transition(.push, urlTarget(0), into: &facts)
        case "openURLForPresent:customCode:", "openURLForPresent:":
            transition(.present, urlTarget(0), into: &facts)
        case "openURL:withTransitionBlock:customCode:", "openURL:withTransitionBlock:":
            transition(.custom, urlTarget(0), into: &facts)
        case "openURL:onWindow:customCode:", "openURL:onWindow:":
            transition(.root, urlTarget(0), into: &facts)
        case "openURLForGetComponent:", "openURLForGetUInterface:":
            transition(.fetch, urlTarget(0), into: &facts)
        case "createSubUInterfaceFromURLComponent:parentUInterface:":
            transition(.sub, urlTarget(0), into: &facts)
        case "createSubUInterfaceFromComponentName:parentUInterface:":
            transition(.sub, nameTarget(0), into: &facts)
        case "pushComponent:params:intent:customCode:":
            transition(.push, nameTarget(0), into: &facts)
        case "presentComponent:params:intent:customCode:":
            transition(.present, nameTarget(0), into: &facts)
        case "putComponent:withTransitionBlock:params:intent:customCode:":
            transition(.custom, nameTarget(0), into: &facts)
        case "showComponent:onWindow:params:customCode:":
            transition(.root, nameTarget(0), into: &facts)
        case "popComponent":
            transition(.pop, .none, into: &facts)
        case "popComponent:animated:":
            transition(.pop, argument(0)?.value.map(ScanFacts.Transition.Target.name) ?? .none, into: &facts)
        case "dismissComponent":
            transition(.dismiss, .none, into: &facts)
        case "initURLGroup:":
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
        case "register:forComponent:":
            route(argument(0)?.value, component: argument(1)?.value, form: .single, into: &facts)
        case "register:" where receiverText.contains("URL"):
            route(argument(0)?.value, component: nil, form: .single, into: &facts)
        case "setClassPrefix:":
            facts.prefixSettings.append(.init(prefixes: argument(0)?.value.map { [$0] } ?? [], isList: false, location: location))
        case "setClassPrefixList:":
            facts.prefixSettings.append(.init(prefixes: argument(0).map(Self.values) ?? [], isList: true, location: location))
        case "sendEventName:intentData:forComponentName:", "sendEventName:intentData:forComponent:":
            event(argument(0), targets: argument(2)?.value.map { [$0] } ?? [], into: &facts)
        case "sendEventName:intentData:forComponentNames:", "sendEventName:intentData:forComponents:":
            event(argument(0), targets: argument(2).map(Self.values) ?? [], into: &facts)
        case "sendEventName:intentData:":
            // The variadic form: component names follow the data, nil-terminated.
            event(argument(0), targets: arguments.dropFirst(2).flatMap(Self.values), into: &facts)
        case "sendNotificationForMVxWithName:intentData:":
            facts.events.append(.init(event: argument(0)?.value ?? .dynamic(expression: "nil"), components: [],
                                      scope: .notification, fromClass: fromClass, via: name, location: location))
        case "registerForMVxNotificationsWithNameArray:", "registerMVxNotificationsForTarget:":
            guard let fromClass else { return }
            let names = name == "registerMVxNotificationsForTarget:" ? arguments.dropFirst().flatMap(Self.values)
                : arguments.flatMap(Self.values)
            for value in names { facts.receipts.append(.init(className: fromClass, event: value, kind: .notification, location: location)) }
        case "isEqualToString:":
            // `[eventName isEqualToString:X]` or `[X isEqualToString:eventName]` in an event handler.
            guard let fromClass else { return }
            let compared: Argument?
            if case .identifier("eventName")? = receiver { compared = argument(0) }
            else if case .identifier("eventName")? = argument(0) { compared = receiver }
            else { compared = nil }
            guard let value = compared?.value else { return }
            facts.receipts.append(.init(className: fromClass, event: value, kind: .compares, location: location))
        case "subscribeEventOnReceiver:withRegisterCompName:needReceiveEmitterEvent:", "subscribeEventOnReceiver:withRegisterCompName:":
            guard let fromClass, let value = argument(1)?.value else { return }
            facts.receipts.append(.init(className: fromClass, event: value, kind: .subscription, location: location))
        default:
            return
        }
    }

    private func route(_ url: ScanValue?, component: ScanValue?, form: ScanFacts.Route.Form, at site: SourceLocation? = nil,
                       into facts: inout ScanFacts) {
        guard let url else { return }
        facts.routes.append(.init(url: url, component: component, form: form, location: site ?? location))
    }

    private func event(_ name: Argument?, targets: [ScanValue], into facts: inout ScanFacts) {
        facts.events.append(.init(event: name?.value ?? .dynamic(expression: "nil"), components: targets, scope: .directed,
                                  fromClass: fromClass, via: self.name, location: location))
    }

    /// The names an argument lists: an array's elements, or the argument itself; `nil` (the variadic terminator) gives none.
    private static func values(_ argument: Argument) -> [ScanValue] {
        switch argument {
        case .array(let items): items.compactMap(\.value)
        case .null: []
        default: argument.value.map { [$0] } ?? []
        }
    }

    /// The transition kind of the `method` argument of `XF_PUT_*` (`openURLForPush`, `presentComponent` …).
    private static func kind(ofMethod argument: Argument?) -> ScanFacts.Transition.Kind {
        guard case .identifier(let method)? = argument else { return .custom }
        if method.hasPrefix("push") || method.hasSuffix("ForPush") { return .push }
        if method.hasPrefix("present") || method.hasSuffix("ForPresent") { return .present }
        return .custom
    }
}
