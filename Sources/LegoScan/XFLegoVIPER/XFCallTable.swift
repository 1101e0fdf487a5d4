/// Every XFLegoVIPER macro and selector scan understands, with what a call of it means: the one place the
/// framework's API is written down. The Objective-C reader's filter, the Swift reader's imported spellings
/// (derived by `ImportedName`) and `FrameworkCall.interpret` all read it.
///
/// Signatures follow the framework's headers at c95d757: `XFUIBus.h`, `XFEventBus.h`, `XFURLRoute.h`, `XFRouting.h`,
/// `XFVIPERModuleAssembly.h`, `XFPipePort.h`, `XFLegoConfig.h`, `XFUInterfaceFactory.h`, `XFControllerRunnable.h`.
enum XFCallTable {
    /// Where a transition's target is among the arguments.
    enum Target: Hashable {
        /// A URL at this argument.
        case url(Int)
        /// A component name at this argument.
        case name(Int)
        /// A component name at this argument, or none when it is nil (`popComponent:animated:`).
        case nameOrNone(Int)
        /// No target (pop one level, dismiss).
        case none
    }

    /// What a call means.
    enum Meaning: Hashable {
        /// A transition of this kind.
        case transition(ScanFacts.Transition.Kind, Target)
        /// `XF_PUT_*`: the kind comes from the method named by the first argument.
        case put(Target)
        /// `initURLGroup:`: an array adds, a dictionary replaces the table.
        case routeGroup
        /// `register:forComponent:` (component at the index) or `register:` on the URL route.
        case routeSingle(component: Int?)
        /// `setHTTPHandlerComponent:`: the component `http…` URLs open (XFURLRoute.h).
        case httpHandler
        /// `setRoutePlug:`: every open goes through this class instead of XFURLRoute's `open:` (`XFUIBus.m:74-107`).
        case routePlug
        /// `setClassPrefix:` / `setClassPrefixList:`.
        case prefix(isList: Bool)
        /// `[XFURLRoute enableVerifyURLRoute]`: the framework's own URL hierarchy check is on (off by default;
        /// `XFURLRoute.h` before a331d32).
        case verifyURLRoute
        /// A directed event: its name at `name`, its target names at `targets` (and every later argument when `rest`).
        case event(name: Int, targets: Int, rest: Bool)
        /// `XF_SendEventForComponent_`: `(eventName, sendData, componentName)` since 3.2.0, `(componentName, eventName,
        /// sendData)` in 2.x (`XFEventBus.h:12` at 2.6.1); the app's module names tell which (`ScannedApp` decides).
        case eventInEitherOrder
        /// An MVx notification named at this argument.
        case notification(name: Int)
        /// A registration for MVx notifications named by every argument from this index.
        case notificationRegistration(from: Int)
        /// `XF_EventIs_`: the handler compares the event name with the first argument.
        case eventIs
        /// A macro that compares the event name with this literal (`XF_HandleKeyboardNotifaction`), and when `defines`, also
        /// defines the handler that does and registers for it as an MVx notification (`XF_AutoHandleKeyboardNotifaction`).
        case handlesEvent(String, defines: Bool)
        /// A macro that registers for this MVx notification (`XF_RegisterKeyboardNotifaction`).
        case registersNotification(String)
        /// `isEqualToString:` with `eventName` on either side.
        case comparesEventName
        /// `subscribeEventOnReceiver:withRegisterCompName:…`: a receiver under the name at this argument.
        case subscription(name: Int)
        /// `XF_EXPORT_COMPONENT`.
        case export
        /// An assembly, with the shared module and shared DataManager at these arguments.
        case assembly(shareModule: Int?, sharedDataManager: Int?)
        /// `XF_InjectModuleWith_*`: an assembly from the classes given, the Activity (none for a storyboard) and the
        /// Presenter at these arguments (`XFRouting.h:27-48`).
        case injection(activity: Int?, presenter: Int)
        /// `addSubRouting:…`: the routing assembled in the first argument becomes a sub-module.
        case subRouting
        /// UIKit's own pop or dismiss: a transition of the component whose code sends it to itself (`self`, its
        /// navigation controller, its real interface), not to another controller it holds.
        case uikit(ScanFacts.Transition.Kind)
    }

    /// One selector with its parameters' Objective-C types (what the Swift importer prunes names against).
    struct Selector {
        /// The full selector (`openURL:onWindow:customCode:`).
        var name: String
        /// Each parameter's Objective-C type, without pointer stars.
        var types: [String]
        /// What a call means.
        var meaning: Meaning
        /// Whether it is variadic (`,...`): not imported into Swift.
        var variadic = false
        /// The Swift name UIKit gives it explicitly (`NS_SWIFT_NAME` or API notes), when the rules do not derive it.
        var swiftName: ImportedName?
    }

    /// The macros, by name (every one starts with `XF_`; only Objective-C sees them).
    static let macros: [String: Meaning] = [
        "XF_PUSH_URLComponent_": .transition(.push, .url(0)), "XF_PUSH_URLComponent_Fast": .transition(.push, .url(0)),
        "XF_Present_URLComponent_": .transition(.present, .url(0)), "XF_Present_URLComponent_Fast": .transition(.present, .url(0)),
        "XF_PUT_URLComponent_": .put(.url(1)),
        "XF_ShowURLComponent2Window_": .transition(.root, .url(0)), "XF_ShowURLComponent2Window_Fast": .transition(.root, .url(0)),
        "XF_SubUInterface_URL": .transition(.sub, .url(0)),
        "XF_PUSH_Component_": .transition(.push, .name(0)), "XF_PUSH_Component_Fast": .transition(.push, .name(0)),
        "XF_Present_Component_": .transition(.present, .name(0)), "XF_Present_Component_Fast": .transition(.present, .name(0)),
        "XF_PUT_Component_": .put(.name(1)),
        "XF_SubUInterface_": .transition(.sub, .name(0)),
        "XF_ShowRootComponent2Window_": .transition(.root, .name(0)), "XF_ShowRootComponent2Window_Fast": .transition(.root, .name(0)),
        // (eventName, sendData, componentNames...) in 4.x; a single array argument in older versions.
        "XF_SendEventForComponents_": .event(name: 0, targets: 2, rest: true),
        // (eventName, sendData, componentName) since 3.2.0 (`XFComponentManager.h:12`), (componentName, eventName, sendData) in 2.x.
        "XF_SendEventForComponent_": .eventInEitherOrder,
        // (moduleName, eventName, sendData): 2.x only.
        "XF_SendEventForModule_": .event(name: 1, targets: 0, rest: false),
        "XF_SendEventForModules_": .event(name: 1, targets: 0, rest: false),
        "XF_SendMVxNoti_": .notification(name: 0),
        "XF_RegisterMVxNotis_": .notificationRegistration(from: 0),
        "XF_EventIs_": .eventIs,
        // UIKit's notification names are strings equal to their symbols (XFComponentRoutable.h:14-37).
        "XF_RegisterKeyboardNotifaction": .registersNotification("UIKeyboardWillChangeFrameNotification"),
        "XF_HandleKeyboardNotifaction": .handlesEvent("UIKeyboardWillChangeFrameNotification", defines: false),
        "XF_AutoHandleKeyboardNotifaction": .handlesEvent("UIKeyboardWillChangeFrameNotification", defines: true),
        "XF_EXPORT_COMPONENT": .export,
        "XF_AutoAssemblyModule": .assembly(shareModule: nil, sharedDataManager: 1),
        "XF_AutoAssemblyModule_ShareDM": .assembly(shareModule: nil, sharedDataManager: 0),
        "XF_AutoAssemblyModule_Fast": .assembly(shareModule: nil, sharedDataManager: nil),
        "XF_AutoAssemblyModuleFromIB": .assembly(shareModule: nil, sharedDataManager: nil),
        "XF_AutoAssemblyModuleFromIB_ShareDM": .assembly(shareModule: nil, sharedDataManager: 1),
        "XF_AutoAssemblyModuleFromShareModuleName": .assembly(shareModule: 0, sharedDataManager: nil),
        // `XF_AutoAssemblyModuleFromShareModuleName(XF_ModuleNameForSuperRoutingClass)`: the gene is resolved later.
        "XF_AutoAssemblyModuleForShareShell_Fast": .assembly(shareModule: nil, sharedDataManager: nil),
        "XF_InjectModuleWith_Act": .injection(activity: 0, presenter: 1),
        "XF_InjectModuleWith_IB": .injection(activity: nil, presenter: 1),
        // (navigatorClass, activityClass, presenterClass, …): 2.x and 3.x only.
        "XF_InjectModuleWith_Nav": .injection(activity: 1, presenter: 2),
    ]

    /// The selectors.
    static let selectors: [Selector] = [
        .init(name: "setHTTPHandlerComponent:", types: ["NSString"], meaning: .httpHandler),
        .init(name: "setRoutePlug:", types: ["Class"], meaning: .routePlug),
        .init(name: "openURLForPush:customCode:", types: ["NSString", "CustomCodeBlock"], meaning: .transition(.push, .url(0))),
        .init(name: "openURLForPush:", types: ["NSString"], meaning: .transition(.push, .url(0))),
        .init(name: "openURLForPresent:customCode:", types: ["NSString", "CustomCodeBlock"], meaning: .transition(.present, .url(0))),
        .init(name: "openURLForPresent:", types: ["NSString"], meaning: .transition(.present, .url(0))),
        .init(name: "openURL:withTransitionBlock:customCode:", types: ["NSString", "TransitionBlock", "CustomCodeBlock"],
              meaning: .transition(.custom, .url(0))),
        .init(name: "openURL:withTransitionBlock:", types: ["NSString", "TransitionBlock"], meaning: .transition(.custom, .url(0))),
        .init(name: "openURL:onWindow:customCode:", types: ["NSString", "UIWindow", "CustomCodeBlock"], meaning: .transition(.root, .url(0))),
        .init(name: "openURL:onWindow:", types: ["NSString", "UIWindow"], meaning: .transition(.root, .url(0))),
        .init(name: "openURLForGetComponent:", types: ["NSString"], meaning: .transition(.fetch, .url(0))),
        .init(name: "openURLForGetUInterface:", types: ["NSString"], meaning: .transition(.fetch, .url(0))),
        .init(name: "createSubUInterfaceFromURLComponent:parentUInterface:", types: ["NSString", "UIViewController"],
              meaning: .transition(.sub, .url(0))),
        .init(name: "createSubUInterfaceFromComponentName:parentUInterface:", types: ["NSString", "UIViewController"],
              meaning: .transition(.sub, .name(0))),
        .init(name: "pushComponent:params:intent:customCode:", types: ["NSString", "NSDictionary", "id", "CustomCodeBlock"],
              meaning: .transition(.push, .name(0))),
        .init(name: "presentComponent:params:intent:customCode:", types: ["NSString", "NSDictionary", "id", "CustomCodeBlock"],
              meaning: .transition(.present, .name(0))),
        .init(name: "putComponent:withTransitionBlock:params:intent:customCode:",
              types: ["NSString", "TransitionBlock", "NSDictionary", "id", "CustomCodeBlock"], meaning: .transition(.custom, .name(0))),
        .init(name: "showComponent:onWindow:params:customCode:", types: ["NSString", "UIWindow", "NSDictionary", "CustomCodeBlock"],
              meaning: .transition(.root, .name(0))),
        .init(name: "popComponent", types: [], meaning: .transition(.pop, .none)),
        .init(name: "popComponent:animated:", types: ["NSString", "BOOL"], meaning: .transition(.pop, .nameOrNone(0))),
        .init(name: "dismissComponent", types: [], meaning: .transition(.dismiss, .none)),
        .init(name: "initURLGroup:", types: ["id"], meaning: .routeGroup),
        .init(name: "register:forComponent:", types: ["NSString", "NSString"], meaning: .routeSingle(component: 1)),
        .init(name: "register:", types: ["NSString"], meaning: .routeSingle(component: nil)),
        .init(name: "setClassPrefix:", types: ["NSString"], meaning: .prefix(isList: false)),
        .init(name: "setClassPrefixList:", types: ["NSArray"], meaning: .prefix(isList: true)),
        .init(name: "enableVerifyURLRoute", types: [], meaning: .verifyURLRoute),
        .init(name: "sendEventName:intentData:forComponentName:", types: ["NSString", "id", "NSString"], meaning: .event(name: 0, targets: 2, rest: false)),
        .init(name: "sendEventName:intentData:forComponent:", types: ["NSString", "id", "NSString"], meaning: .event(name: 0, targets: 2, rest: false)),
        .init(name: "sendEventName:intentData:forComponentNames:", types: ["NSString", "id", "NSArray"], meaning: .event(name: 0, targets: 2, rest: false)),
        .init(name: "sendEventName:intentData:forComponents:", types: ["NSString", "id", "NSArray"], meaning: .event(name: 0, targets: 2, rest: false)),
        // The variadic form: component names follow the data, nil-terminated.
        .init(name: "sendEventName:intentData:", types: ["NSString", "id"], meaning: .event(name: 0, targets: 2, rest: true), variadic: true),
        .init(name: "sendNotificationForMVxWithName:intentData:", types: ["NSString", "id"], meaning: .notification(name: 0)),
        .init(name: "registerForMVxNotificationsWithNameArray:", types: ["NSArray"], meaning: .notificationRegistration(from: 0)),
        .init(name: "registerMVxNotifications:", types: ["NSArray"], meaning: .notificationRegistration(from: 0)),
        .init(name: "registerMVxNotificationsForTarget:", types: ["id"], meaning: .notificationRegistration(from: 1), variadic: true),
        .init(name: "isEqualToString:", types: ["NSString"], meaning: .comparesEventName),
        .init(name: "subscribeEventOnReceiver:withRegisterCompName:needReceiveEmitterEvent:", types: ["id", "NSString", "BOOL"],
              meaning: .subscription(name: 1)),
        .init(name: "subscribeEventOnReceiver:withRegisterCompName:", types: ["id", "NSString"], meaning: .subscription(name: 1)),
        // The same registration before XFPipe (4.7–4.9): `XFComponentManager addEventReceiver:componentName:` puts the
        // receiver in the table events are looked up in first (4.7.0 XFComponentManager.m:118-120, 154-163).
        .init(name: "addEventReceiver:componentName:", types: ["id", "NSString"], meaning: .subscription(name: 1)),
        .init(name: "addSubRouting:asChildViewController:", types: ["XFRouting", "BOOL"], meaning: .subRouting),
        .init(name: "addSubRouting:", types: ["XFRouting"], meaning: .subRouting),
        // UIKit's own navigation, outside the framework: a pop or dismiss all the same (UINavigationController.h,
        // UIViewController.h; Swift names from UIKit's API notes).
        .init(name: "popViewControllerAnimated:", types: ["BOOL"], meaning: .uikit(.pop),
              swiftName: ImportedName(base: "popViewController", labels: ["animated"])),
        .init(name: "popToRootViewControllerAnimated:", types: ["BOOL"], meaning: .uikit(.pop),
              swiftName: ImportedName(base: "popToRootViewController", labels: ["animated"])),
        .init(name: "dismissViewControllerAnimated:completion:", types: ["BOOL", "CustomCodeBlock"], meaning: .uikit(.dismiss),
              swiftName: ImportedName(base: "dismiss", labels: ["animated", "completion"])),
        .init(name: "autoAssemblyModule", types: [], meaning: .assembly(shareModule: nil, sharedDataManager: nil)),
        .init(name: "autoAssemblyModuleWithIbSymbol:shareDataManagerName:", types: ["NSString", "NSString"],
              meaning: .assembly(shareModule: nil, sharedDataManager: 1)),
        .init(name: "autoAssemblyModuleFromShareModuleName:", types: ["NSString"], meaning: .assembly(shareModule: 0, sharedDataManager: nil)),
    ]

    /// Selector → meaning.
    static let meaningBySelector: [String: Meaning] = Dictionary(selectors.map { ($0.name, $0.meaning) }, uniquingKeysWith: { first, _ in first })

    /// The first selector pieces of every selector that takes arguments: the Objective-C reader reads the
    /// arguments of a send only when its first piece is one of these.
    static let firstPieces: Set<String> = Set(selectors.compactMap { selector in
        selector.name.firstIndex(of: ":").map { String(selector.name[..<$0]) }
    })

    /// The selectors without arguments (`popComponent`, `dismissComponent`, `autoAssemblyModule`).
    static let unarySelectors: Set<String> = Set(selectors.map(\.name).filter { !$0.contains(":") })

    /// Swift base name → the selectors it may import as, each with its argument labels (nil for `_`), every spelling
    /// the importer's rules allow (with and without type-name pruning).
    static let swiftSpellings: [String: [(labels: [String?], selector: String)]] = {
        var table: [String: [(labels: [String?], selector: String)]] = [:]
        for selector in selectors where !selector.variadic {
            for name in selector.swiftName.map({ [$0] }) ?? ImportedName.spellings(of: selector.name, types: selector.types) {
                guard !(table[name.base] ?? []).contains(where: { $0.labels == name.labels && $0.selector == selector.name }) else { continue }
                table[name.base, default: []].append((name.labels, selector.name))
            }
        }
        return table
    }()

    /// The selector a Swift call imports, given its base name, labels, and whether a trailing closure stands for the
    /// last argument; nil for calls that are not the framework's.
    static func selector(swiftBase base: String, labels: [String?], trailingClosure: Bool) -> String? {
        guard let candidates = swiftSpellings[base] else { return nil }
        if let exact = candidates.first(where: { $0.labels == labels }), !trailingClosure { return exact.selector }
        guard trailingClosure else { return nil }
        return candidates.first { $0.labels.count == labels.count + 1 && Array($0.labels.prefix(labels.count)) == labels }?.selector
    }
}
