import LegoModel

/// Routing methods that hold a transition and that nothing calls: their name is written nowhere in the app (any
/// file, comments and strings included) but where it is declared, and the framework never sends it. The code in
/// them never runs, so their transitions are notes, not edges.
///
/// Only routings qualify (classes whose superclasses, all declared in the app, lead to `XFRouting`): a routing is an
/// `NSObject` the app calls by name, while a presenter, view model or controller also receives UIKit's and the
/// framework's lifecycle messages, which no source of the app names. And only for a class whose `@interface` is in a
/// scanned header (a scan of part of an app, its headers and callers left out, must not turn real transitions into
/// notes), or for a Swift `private`/`fileprivate` method, which only its own file can call by name.
///
/// The same second reading also records where the app writes the names of the methods a subclass inherits: whether a
/// subclass module runs an inherited transition depends on those call sites (a presenter that overrides the method
/// sending `[Routing transition2X]` without calling `super` never opens X in its module, nor does one whose inherited
/// method sending it only another module's view calls).
enum NeverCalledMethods {
    /// What reading the app's files again finds about the methods that hold a transition.
    struct Calls {
        /// Routing methods nothing calls.
        var neverCalled: [ScanFacts.MethodBody] = []
        /// Each inherited method's name (of a class the app subclasses) → every place it is written, declarations
        /// aside (comments and strings too: any doubt keeps the edge).
        var inheritedUses: [String: [SourceLocation]] = [:]
    }

    /// Reads `files` again, once, for what `facts` leaves open about the methods holding a transition.
    static func read(_ facts: ScanFacts, files: [SourceTree.File]) -> Calls {
        let superclasses = Dictionary(facts.classes.compactMap { declared in declared.superclass.map { (declared.name, $0) } },
                                      uniquingKeysWith: { first, _ in first })
        var transitionLines: [String: [Int]] = [:]
        for transition in facts.transitions { transitionLines[transition.location.file, default: []].append(transition.location.line) }
        let holders = facts.methodBodies.filter { body in
            !mayBeCalledUnnamed(body.name)
                && transitionLines[body.location.file, default: []].contains { body.location.line <= $0 && $0 <= body.lastLine }
        }
        // A class whose header the scan does not hold belongs to an app only partly scanned (a snippet, a folder of
        // it): its methods may be declared there and called from anywhere, so they give no candidate.
        // A Swift class has no header; its private methods (the only ones Swift records) are callable from their file only.
        let headered = Set(facts.classes.filter { $0.location.file.hasSuffix(".h") }.map(\.name))
        let candidates = holders.filter { body in
            isRouting(body.className, superclasses: superclasses) && (headered.contains(body.className) || body.location.file.hasSuffix(".swift"))
        }
        let subclassed = Set(superclasses.values)
        // Every method of a subclassed class, not only those holding a transition: a subclass module runs an inherited
        // transition only if it runs a call of the method that holds it, which may itself sit in an inherited method
        // that only another module's own view calls (BDJPostPresenter's row action, sent by BDJPostActivity alone).
        // Swift calls them by the importer's shorter names too (`didSelectPost(at:)`), as for the candidates below.
        var inherited: [String: [String]] = [:]
        var swiftInherited: [String: [String]] = [:]
        let holding = Set(holders)
        for body in facts.methodBodies where subclassed.contains(body.className) && (!mayBeCalledUnnamed(body.name) || holding.contains(body)) {
            inherited[body.name] = [body.name]
            for spelling in body.hasArguments ? wordPrefixes(of: body.name) : [body.name] where !(swiftInherited[spelling]?.contains(body.name) ?? false) {
                swiftInherited[spelling, default: []].append(body.name)
            }
        }
        guard !candidates.isEmpty || !inherited.isEmpty else { return Calls() }
        var unnamed = Set(candidates.map(\.name))
        // Swift calls `goToDetailWithName:` by the importer's shorter base name (`goToDetail(withName:)`, or pruned by
        // the parameter's type): any prefix of the first piece at a word boundary may be how Swift writes it.
        var objectiveCSpellings: [String: [String]] = [:]
        var swiftSpellings: [String: [String]] = [:]
        for candidate in candidates {
            objectiveCSpellings[candidate.name, default: []].append(candidate.name)
            for spelling in candidate.hasArguments ? wordPrefixes(of: candidate.name) : [candidate.name] {
                swiftSpellings[spelling, default: []].append(candidate.name)
            }
        }
        // Each file is read and walked once, word by word, whatever the number of candidates.
        var uses: [String: [SourceLocation]] = [:]
        for file in files where !unnamed.isEmpty || !inherited.isEmpty {
            // A file that cannot be read may call any of them: nothing is never called, and no inherited edge drops.
            guard case .bytes(let bytes) = SourceTree.contents(of: file) else { return Calls() }
            // A selector made at run time from a literal piece (`NSSelectorFromString([NSString stringWithFormat:
            // @"transition2%@", page])`) may name any method starting with that piece.
            if !unnamed.isEmpty {
                for piece in computedSelectorPieces(bytes) { unnamed = unnamed.filter { !$0.hasPrefix(piece) } }
            }
            if !unnamed.isEmpty {
                unnamed.subtract(namesUsed(in: bytes, spellings: file.language == .swift ? swiftSpellings : objectiveCSpellings))
            }
            for (name, line) in inherited.isEmpty ? [] : useSites(in: bytes, spellings: file.language == .swift ? swiftInherited : inherited) {
                uses[name, default: []].append(SourceLocation(file: file.relativePath, line: line))
            }
        }
        return Calls(neverCalled: candidates.filter { unnamed.contains($0.name) }, inheritedUses: uses)
    }

    /// The names whose `spellings` (spelling → names) `bytes` write as a whole word anywhere but in a declaration of a
    /// method of that name.
    static func namesUsed(in bytes: [UInt8], spellings: [String: [String]]) -> Set<String> {
        var lengths = [Bool](repeating: false, count: 256)
        for spelling in spellings.keys where spelling.utf8.count < 256 { lengths[spelling.utf8.count] = true }
        var used: Set<String> = []
        var index = 0
        while index < bytes.count {
            guard ObjCLexer.isIdentifierBody(bytes[index]) else { index += 1; continue }
            var end = index + 1
            while end < bytes.count, ObjCLexer.isIdentifierBody(bytes[end]) { end += 1 }
            // Only a word as long as some spelling is made into a string and looked up.
            if end - index < 256, lengths[end - index], let names = spellings[String(decoding: bytes[index..<end], as: UTF8.self)],
               !isDeclaration(index, in: bytes) {
                used.formUnion(names)
            }
            index = end
        }
        return used
    }

    /// Each place (name, 1-based line) `bytes` write one of `spellings` as a whole word, declarations aside.
    static func useSites(in bytes: [UInt8], spellings: [String: [String]]) -> [(name: String, line: Int)] {
        var sites: [(name: String, line: Int)] = []
        var line = 1
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A { line += 1 }
            guard ObjCLexer.isIdentifierBody(bytes[index]) else { index += 1; continue }
            var end = index + 1
            while end < bytes.count, ObjCLexer.isIdentifierBody(bytes[end]) { end += 1 }
            if let names = spellings[String(decoding: bytes[index..<end], as: UTF8.self)], !isDeclaration(index, in: bytes) {
                sites += names.map { ($0, line) }
            }
            index = end
        }
        return sites
    }

    /// The literal pieces of the selectors `bytes` make at run time: in `NSSelectorFromString(x)` or Swift's
    /// `Selector(x)` whose argument is not one string literal, the text of each literal inside it up to its first `%`
    /// (`transition2` of `[NSString stringWithFormat:@"transition2%@", page]`). A selector from a variable alone
    /// (`NSSelectorFromString(key)`, a model's setter) names no routing method the scan can point to.
    static func computedSelectorPieces(_ bytes: [UInt8]) -> [String] {
        var pieces: [String] = []
        for word in ["NSSelectorFromString", "Selector"] {
            let pattern = Array(word.utf8)
            var from = 0
            while let hit = ByteSearch.firstIndex(of: pattern, in: bytes, range: from..<bytes.count) {
                from = hit + pattern.count
                // A whole word: `Selector` inside `NSSelectorFromString` or `performSelector` is not Swift's initializer.
                if hit > 0, ObjCLexer.isIdentifierBody(bytes[hit - 1]) { continue }
                var cursor = from
                while cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
                guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "(") else { continue }
                // The argument, to its closing parenthesis (bounded: a selector expression is short).
                var depth = 0
                var end = cursor
                while end < bytes.count, end - cursor < 512 {
                    if bytes[end] == UInt8(ascii: "(") { depth += 1 }
                    if bytes[end] == UInt8(ascii: ")") { depth -= 1; if depth == 0 { break } }
                    end += 1
                }
                let literals = stringLiterals(bytes[(cursor + 1)..<min(end, bytes.count)])
                // One literal and nothing else (`@"name"`, `("name")`) is a selector written out, which the word search finds.
                let argument = bytes[(cursor + 1)..<min(end, bytes.count)].filter { $0 != 0x20 && $0 != UInt8(ascii: "(") && $0 != UInt8(ascii: ")") }
                let isOneLiteral = literals.count == 1 && argument.count == literals[0].utf8.count + 2 + (argument.first == UInt8(ascii: "@") ? 1 : 0)
                if isOneLiteral { continue }
                for literal in literals {
                    let piece = String(literal.prefix { $0 != "%" && $0 != "\\" })
                    if !piece.isEmpty { pieces.append(piece) }
                }
            }
        }
        return pieces
    }

    /// The texts of the string literals in `bytes`, escapes left as written.
    private static func stringLiterals(_ bytes: ArraySlice<UInt8>) -> [String] {
        var texts: [String] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard bytes[index] == UInt8(ascii: "\"") else { index += 1; continue }
            var end = index + 1
            while end < bytes.endIndex, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
            texts.append(String(decoding: bytes[(index + 1)..<min(end, bytes.endIndex)], as: UTF8.self))
            index = end + 1
        }
        return texts
    }

    /// Whether `bytes` write `name` as a whole word anywhere but a declaration of a method of that name.
    static func isUsed(_ name: String, in bytes: [UInt8]) -> Bool {
        !namesUsed(in: bytes, spellings: [name: [name]]).isEmpty
    }

    /// `name` and every prefix of it that ends before an upper-case letter (`goToDetail`, `goTo`, `go` for `goToDetail`).
    static func wordPrefixes(of name: String) -> [String] {
        var prefixes = [name]
        var index = name.index(before: name.endIndex)
        while index > name.startIndex {
            if name[index].isUppercase { prefixes.append(String(name[..<index])) }
            index = name.index(before: index)
        }
        return prefixes
    }

    /// Whether `name` may be sent without the app writing it: the framework's own selectors (it sends them to
    /// components), `NSObject`'s life cycle, initialisers, and setters (`routing.title = …` calls `setTitle:`).
    static func mayBeCalledUnnamed(_ name: String) -> Bool {
        if frameworkSelectors.contains(name) || objectSelectors.contains(name) || name.hasPrefix("init") { return true }
        if name.hasPrefix("set"), let fourth = name.dropFirst(3).first, fourth.isUppercase { return true }
        return false
    }

    private static func isRouting(_ className: String, superclasses: [String: String]) -> Bool {
        var current = className
        for _ in 0..<32 {
            guard let superclass = superclasses[current] else { return false }
            if superclass == "XFRouting" { return true }
            current = superclass
        }
        return false
    }

    /// `- (void)name` or `+ (Type *)name` opening its line, or Swift's `func name`.
    private static func isDeclaration(_ at: Int, in bytes: [UInt8]) -> Bool {
        var cursor = at - 1
        func skipSpaces() { while cursor >= 0, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor -= 1 } }
        skipSpaces()
        if cursor >= 3, bytes[(cursor - 3)...cursor].elementsEqual("func".utf8) { return cursor < 4 || !ObjCLexer.isIdentifierBody(bytes[cursor - 4]) }
        guard cursor >= 0, bytes[cursor] == UInt8(ascii: ")") else { return false }
        var depth = 0
        while cursor >= 0 {
            if bytes[cursor] == UInt8(ascii: ")") { depth += 1 }
            if bytes[cursor] == UInt8(ascii: "(") { depth -= 1; if depth == 0 { break } }
            if bytes[cursor] == 0x0A { return false }
            cursor -= 1
        }
        cursor -= 1
        skipSpaces()
        guard cursor >= 0, bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "+") else { return false }
        cursor -= 1
        skipSpaces()
        return cursor < 0 || bytes[cursor] == 0x0A || bytes[cursor] == 0x0D
    }

    /// `NSObject`'s messages a class receives without the app naming them.
    private static let objectSelectors: Set<String> = [
        "dealloc", "load", "initialize", "description", "debugDescription", "hash", "isEqual", "copyWithZone", "mutableCopyWithZone",
        "encodeWithCoder", "awakeFromNib", "observeValueForKeyPath", "forwardingTargetForSelector", "methodSignatureForSelector",
        "forwardInvocation", "resolveInstanceMethod", "resolveClassMethod", "doesNotRecognizeSelector", "valueForUndefinedKey",
        "respondsToSelector", "conformsToProtocol", "class", "superclass", "self", "copy", "mutableCopy", "new", "alloc", "allocWithZone",
    ]

    /// The first piece of every selector XFLegoVIPER declares, sends with `@selector`, `invokeMethod:` or
    /// `NSSelectorFromString` (all of `XFLegoVIPER/**/*.{h,m}` at `yizzuide/XFLegoVIPER@c95d757`): a routing may implement
    /// one for the framework to call (`XFUIBus.m:143` sends `componentWillBecomeFocus`, `XFEventBus.m:87`
    /// `receiveComponentEventName:intentData:`).
    static let frameworkSelectors: Set<String> = [
        "_autoAssemblyModuleWithModuleName", "_bulildModulesAssemblyWithInterface", "_canBackDataWithComponent", "_clearZombieComponent",
        "_flowToNextComponent", "_flowToNextRouting", "_implicitRemoveComponent", "_innerRegisterNotiName", "_intentData", "_log",
        "_printComponent", "_printComponentTree", "_printSubComponentTree", "_printTabForAppenedString", "_removeObservers",
        "_subUIterfaceFromSubComponent", "_transmitURLParams", "_xfLego_initEventHandlerWithAdditionWorkBlock",
        "_xfLego_viewWillPopOrDismiss", "_xfLogo_getCurrentViewController", "addComponent", "addComponentHanderPlug", "addEmitter",
        "addEmitterPlug", "addEventReceiver", "addHandler", "addIncompatibleComponent", "addRouting", "addSubRouting",
        "allComponentHanderPlugs", "allComponentsForURL", "allocWithZone", "assembleRouting", "autoAssemblyModule",
        "autoAssemblyModuleFromShareModuleName", "autoAssemblyModuleWithIbSymbol", "autoAssemblyShareModule",
        "buildModulesAssemblyWithActivityClass", "buildModulesAssemblyWithIB", "canDebugLog", "classPrefix", "classPrefixList",
        "compName", "component", "componentBridge_viewDidLoad", "componentForUInterface", "componentHandlerForComponent",
        "componentNameForComponent", "componentNameFromComponent", "componentWillBecomeFocus", "componentWillResignFocus",
        "controllerNameForComponent", "copyWithZone", "count", "createComponentFromName", "createControllerFromComponentName",
        "createDynamicSubModuleClassFromName", "createNavigationControllerFromClassName", "createNavigationControllerFromPrefixName",
        "createRouingFromModuleName", "createRoutingFastFromModuleName", "createSubUInterfaceFromComponentName",
        "createSubUInterfaceFromURLComponent", "createViewModelFromModuleName", "currentActionRouting", "dataDriver", "dealloc",
        "decodeFromPercentEscapeString", "defaultConfig", "didMoveToSuperview", "dismissComponent", "dismissViewAction",
        "dispatcher", "emitEventName", "enableLog", "encodeToPercentEscapeString", "encodeWithCoder", "eventBus", "eventHandler",
        "executeChainWithURL", "existComponent", "expressPackAddLastRenderData", "expressPackAddNewRenderData", "expressPackClean",
        "expressPackCreateFromClass", "expressPackTransform2IndexPathsFromFirstRenderData",
        "expressPackTransform2IndexPathsFromLastRenderData", "findClassFromPrefix", "findComponentForName", "findIndexWithPiece",
        "findRoutingForModuleName", "fromComponentRoutable", "init", "initCommand", "initRenderView", "initURLGroup",
        "initWithCoder", "initWithComponentRoutable", "initWithFromRouting", "initialize", "inspectModulePrefixFromClass",
        "inspectModulePrefixWithModule", "inspectSuperModuleNameFromSubModuleName", "intentData", "interceptWithURL",
        "invokeMethod", "lastPathComponentForURL", "load", "log", "makeComponentFromUInterface", "matchComponent",
        "matchUInterface", "measureFrameWithList", "moduleNameForModuleLayerObject", "moduleNameForRouting",
        "moduleNameForSuperRoutingClass", "moduleNameForViewModel", "needDismissKeyboard", "needEndRequestWithMsg",
        "needFillRenderData", "needSendRequestWithMsg", "needUpdateInputUInterfaceY", "nextComponentRoutable", "observers",
        "onMeasureAfter", "onMeasureBefroe", "onMeasureFrameWithItem", "onNewIntent", "open", "openURL", "openURLForGetComponent",
        "openURLForGetUInterface", "openURLForPresent", "openURLForPush", "paramsForURL", "parentViewController", "pathForURL",
        "pauseTimer", "pipe", "popComponent", "popViewAction", "poppingProgrammatically", "prepare", "presentComponent",
        "pushComponent", "pushViewController", "putComponent", "reMeasureFrameForExpressPiece", "realUInterface",
        "receiveAppNotification", "receiveComponentEventName", "register", "registerMVxNotifactions", "registerMVxNotifications",
        "registerMVxNotificationsForTarget", "remove", "removeComponent", "removeComponentForName",
        "removeComponentWithTransitionBlock", "removeEventReceiverComponentWithName", "removeIncompatibleComponentWithName",
        "removeRouting", "resetSubRoutings", "resumeTimer", "routePlug", "routing", "run", "sendEventName", "sendGlobalEventName",
        "sendNotificationForMVxWithName", "setupTimerWithTimeInterval", "shareInstance", "sharedRoutingForShareModule",
        "showComponent", "standardRouting", "startTimer", "stopTimer", "stringFromDictionary", "subRoutings",
        "subUIterfaceFromSubComponent", "subscribeEventOnReceiver", "swiftNamespace", "uInterface", "uInterfaceForComponent",
        "uiBus", "uiBusForComponent", "unSubscribeEventWithCompName", "urlFromPath", "verifyController", "verifyModule",
        "verifyModuleName", "view", "viewDidAppear", "viewDidDisappear", "viewDidLoad", "viewWillAppear", "viewWillDisappear",
        "viewWillPopOrDismiss", "willReBindRelationFromSubUserInterfaces", "willReleaseComponent", "willRemoveComponent",
        "xfLego_bindView", "xfLego_destoryUInterfaceRef", "xfLego_didMoveToSuperview", "xfLego_enableAutoRemoveSelfComp",
        "xfLego_enumeratePropertyWithValueBlock", "xfLego_implicitRemoveComponentWithTransitionBlock", "xfLego_releaseRouting",
        "xfLego_removeRouting", "xfLego_swizzleMethod", "xfLego_viewDidAppear", "xfLego_viewDidDisappear", "xfLego_viewDidLoad",
        "xfLego_viewDidLoadForTabBarViewController", "xfLego_viewWillAppear", "xfLego_viewWillDisappear",
        "xfLego_viewWillPopOrDismiss", "xfLogo_findDispatcher", "xf_viewWillPopOrDismiss",
    ]
}
