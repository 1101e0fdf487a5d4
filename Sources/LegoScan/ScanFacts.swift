import LegoModel

/// A URL or component name as the code gives it: a literal, or an expression only known at run time.
public enum ScanValue: Sendable, Hashable {
    /// A string literal (adjacent literals joined).
    case literal(String)
    /// Not a literal at the call site, but one a reader resolves in a second: a local, a `#define` or
    /// `static NSString *const`, literals joined or formatted, the elements of an array literal a loop walks. The
    /// values it can take, and the lines that led there (the call site's definition first).
    case resolved(values: [String], chain: [SourceLocation])
    /// Anything else: a variable, a format string, a call; kept as its expression, never guessed.
    case dynamic(expression: String)

    /// The literal text, if it is one (or resolves to exactly one value).
    public var literal: String? {
        switch self {
        case .literal(let text): text
        case .resolved(let values, _) where values.count == 1: values[0]
        default: nil
        }
    }

    /// Every value it can take, or nil when only the run time knows.
    public var values: [String]? {
        switch self {
        case .literal(let text): [text]
        case .resolved(let values, _): values
        case .dynamic: nil
        }
    }
}

/// What one source file says, in source order: the raw facts before names are resolved.
public struct ScanFacts: Sendable, Hashable {
    /// `@interface Name : Super` or `class Name: Super`.
    public struct ClassDeclaration: Sendable, Hashable {
        /// The class name.
        public var name: String
        /// Its superclass, when written.
        public var superclass: String?
        /// Where it is declared.
        public var location: SourceLocation
        /// Whether this is an `@implementation` (counted only when no `@interface` declares the class).
        public var isImplementation: Bool = false
    }

    /// An assembly macro in a class's implementation (`XF_AutoAssemblyModule_Fast`, `XF_InjectModuleWith_*` …).
    public struct Assembly: Sendable, Hashable {
        /// The implementing class.
        public var className: String
        /// The macro as written.
        public var macro: String
        /// For `XF_AutoAssemblyModuleFromShareModuleName`: the module whose layers it reuses.
        public var shareModule: ScanValue?
        /// For `…_ShareDM`: the module whose DataManager it shares.
        public var sharedDataManager: ScanValue?
        /// Where it is written.
        public var location: SourceLocation
        /// For `XF_InjectModuleWith_*`: the Activity class it is given, when written as a class.
        public var injectedActivity: String? = nil
        /// For `XF_InjectModuleWith_*`: the Presenter class it is given (the module's component), when written as a class.
        public var injectedPresenter: String? = nil
        /// Whether it is an `XF_InjectModuleWith_*`: the module's layers are the classes given, not found by name.
        public var isInjection: Bool = false
    }

    /// `XF_EXPORT_COMPONENT` inside a class's implementation.
    public struct Export: Sendable, Hashable {
        /// The exporting class.
        public var className: String
        /// Where it is written.
        public var location: SourceLocation
    }

    /// `setClassPrefix:` or `setClassPrefixList:`.
    public struct PrefixSetting: Sendable, Hashable {
        /// The prefixes given (one for `setClassPrefix:`).
        public var prefixes: [ScanValue]
        /// Whether it was the list form.
        public var isList: Bool
        /// Where it is written.
        public var location: SourceLocation
    }

    /// One URL registration.
    public struct Route: Sendable, Hashable {
        /// How the URL was registered.
        public enum Form: String, Sendable, Hashable {
            /// An element of `initURLGroup:@[…]`: added to the table.
            case group
            /// A key of `initURLGroup:@{…}`: the dictionary form replaces the whole table.
            case replacingGroup = "replacing-group"
            /// `register:forComponent:` (or `register:`): silently overwrites an existing URL.
            case single
        }
        /// The URL.
        public var url: ScanValue
        /// The component name given explicitly (`register:forComponent:`, a dictionary value).
        public var component: ScanValue?
        /// How it was registered.
        public var form: Form
        /// Where it is written.
        public var location: SourceLocation
        /// The `#if` clauses and runtime `if` arms it is written in.
        public var branches: [SourceBranch] = []
    }

    /// One place where the code moves between components.
    public struct Transition: Sendable, Hashable {
        /// What the code does.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// Push onto the navigation stack.
            case push
            /// Present modally.
            case present
            /// Open with a custom transition block.
            case custom
            /// Show as the window's root.
            case root
            /// Create as a sub-component of the current one (`XF_SubUInterface_*`).
            case sub
            /// Assemble a routing and add it as a sub-routing (`assembleRouting` + `addSubRouting:`).
            case subRouting = "sub-routing"
            /// Get a component or its view by URL without showing it.
            case fetch
            /// Pop back (to a name, or one level).
            case pop
            /// Dismiss the presented component.
            case dismiss
        }
        /// What the target is named by.
        public enum Target: Sendable, Hashable {
            /// A URL.
            case url(ScanValue)
            /// A component name.
            case name(ScanValue)
            /// A routing class (`[XFCollectRouting assembleRouting]`).
            case routingClass(ScanValue)
            /// Nothing (pop one level, dismiss).
            case none
        }
        /// The kind.
        public var kind: Kind
        /// The target.
        public var target: Target
        /// The class whose code makes it, when inside an `@implementation` or a Swift class.
        public var fromClass: String?
        /// The macro or selector used.
        public var via: String
        /// Where it is written.
        public var location: SourceLocation
    }

    /// One event sent.
    public struct EventSend: Sendable, Hashable {
        /// Who receives it.
        public enum Scope: String, Sendable, Hashable {
            /// Named components.
            case directed
            /// An MVx notification, bridged to every component registered for it.
            case notification
        }
        /// The event name.
        public var event: ScanValue
        /// The receiving component names (empty for notifications).
        public var components: [ScanValue]
        /// The scope.
        public var scope: Scope
        /// The sending class.
        public var fromClass: String?
        /// The macro or selector used.
        public var via: String
        /// Where it is written.
        public var location: SourceLocation
        /// For a macro whose argument order changed between versions, the event and components in the older order:
        /// the one whose component the app declares is taken (`ScannedApp`), and with neither or both the target is
        /// not known.
        public var earlierReading: EarlierReading?
        /// An array given among the variadic component names (`XF_SendEventForComponents_(e, d, @[…])`), as written: the
        /// framework stops at it (XFEventBus.m:64), so `components` are the names before it.
        public var variadicArray: String? = nil

        /// The event and its components read in a macro's older argument order.
        public struct EarlierReading: Sendable, Hashable {
            /// The event name.
            public var event: ScanValue
            /// The receiving component names.
            public var components: [ScanValue]
        }
    }

    /// A class that handles events, and an event name it compares against.
    public struct EventReceipt: Sendable, Hashable {
        /// How the class shows it receives the event.
        public enum Kind: String, Sendable, Hashable {
            /// It implements `receiveComponentEventName:intentData:` (event is nil) …
            case handler
            /// … and compares the name with this literal (`XF_EventIs_`, `isEqualToString:`, `==`, `case`).
            case compares
            /// It registers for this MVx notification (`XF_RegisterMVxNotis_`).
            case notification
            /// It subscribes to events under this component name (`subscribeEventOnReceiver:withRegisterCompName:`);
            /// `event` holds the name.
            case subscription
        }
        /// The receiving class.
        public var className: String
        /// The event name, or nil for the handler itself.
        public var event: ScanValue?
        /// The kind.
        public var kind: Kind
        /// Where it is written.
        public var location: SourceLocation
    }

    /// A method without arguments that an Objective-C class implements, and the array literal it returns, if it does
    /// (`- (NSArray *)moduleNames { return @[…]; }`): a subclass that implements it again overrides what `[self
    /// moduleNames]` gives the code it inherits.
    public struct Method: Sendable, Hashable {
        /// The implementing class.
        public var className: String
        /// The selector.
        public var selector: String
        /// Where the method's name is written.
        public var location: SourceLocation
        /// The values of the array literal it returns; nil for any other body.
        public var returnedArray: [String]?
        /// Where that `return` is written (the first link of the chain of a value resolved through it).
        public var returnLocation: SourceLocation?

        /// A method with no array literal returned (yet).
        public init(className: String, selector: String, location: SourceLocation) {
            self.className = className
            self.selector = selector
            self.location = location
        }
    }

    /// `[XFURLRoute setHTTPHandlerComponent:]`: the component `http…` URLs open, with the parameter `url`.
    public struct HTTPHandler: Sendable, Hashable {
        /// The component name.
        public var component: ScanValue
        /// Where it is set.
        public var location: SourceLocation
    }

    /// A transition written in text that is not code: it never runs, so it is no edge, only a note.
    public struct InactiveTransition: Sendable, Hashable {
        /// Why it never runs.
        public enum Reason: String, Sendable, Hashable {
            /// Inside a `//` or `/* */` comment.
            case commentedOut = "commented out"
            /// Inside a `#if 0` (Swift `#if false`) block.
            case disabledBlock = "in a disabled #if block"
            /// In a routing's method whose name nothing in the app (nor the framework) writes.
            case neverCalled = "in a method nothing calls"
            /// After an unconditional `return` in the same block (Objective-C).
            case afterReturn = "after a return"
        }
        /// The transition as it would be.
        public var transition: Transition
        /// Why it never runs.
        public var reason: Reason
    }

    /// An Objective-C method definition and the lines its body spans.
    public struct MethodBody: Sendable, Hashable {
        /// The implementing class (or the class a category extends).
        public var className: String
        /// The selector's first piece (`updateTitle` of `updateTitle:subtitle:`): what every call of it writes.
        public var name: String
        /// Where the name is written.
        public var location: SourceLocation
        /// The line of the body's closing brace.
        public var lastLine: Int
        /// Whether the selector takes arguments (Swift may call it by a shorter base name).
        public var hasArguments: Bool
        /// Whether the body sends the same message to `super` (`[super initCommand]`): an override that keeps what it overrides.
        public var callsSuper: Bool = false
    }

    /// A problem reading the file; the rest of it is still used.
    /// A `#import` or `#include` of a header named after a routing class (`BDJShopRouting.h`): a module whose classes
    /// the scan may not have read (a pod, a framework).
    public struct ImportedRouting: Sendable, Hashable {
        /// The class the header is named after.
        public var className: String
        /// Where the directive is, or the vendored file named after the class.
        public var location: SourceLocation
        /// Whether `location` is a vendored file named after the class (in `Pods/`), not an import of its header.
        public var isVendoredFile = false
    }

    public struct Warning: Sendable, Hashable {
        /// Where.
        public var location: SourceLocation
        /// What.
        public var message: String
    }

    /// Classes declared.
    public var classes: [ClassDeclaration] = []
    /// Assembly macros.
    public var assemblies: [Assembly] = []
    /// Exported components.
    public var exports: [Export] = []
    /// Prefix settings.
    public var prefixSettings: [PrefixSetting] = []
    /// URL registrations.
    public var routes: [Route] = []
    /// Transitions.
    public var transitions: [Transition] = []
    /// Events sent.
    public var events: [EventSend] = []
    /// Event receivers.
    public var receipts: [EventReceipt] = []
    /// The app's own macros that wrap an `XF_` macro (`#define XQPushURL(url) XF_PUSH_URLComponent_Fast(url)`), by name
    /// and where each is defined: the scan does not expand them, so what they open is not known.
    public var frameworkMacroWrappers: [MacroWrapper] = []

    /// An app macro whose body uses an `XF_` macro.
    public struct MacroWrapper: Sendable, Hashable {
        /// The macro's name.
        public var name: String
        /// Where it is defined.
        public var location: SourceLocation
    }
    /// HTTP handler settings (the last one wins).
    public var httpHandlers: [HTTPHandler] = []
    /// Where active code turns the framework's URL hierarchy check on (`enableVerifyURLRoute`).
    public var urlVerifications: [SourceLocation] = []
    /// Where the app sets its own route plug (`setRoutePlug:` with a class other than XFURLRoute): opens go through it.
    public var routePlugs: [SourceLocation] = []
    /// Transitions in comments and `#if 0` blocks.
    public var inactiveTransitions: [InactiveTransition] = []
    /// Every Objective-C method definition with its body's lines.
    public var methodBodies: [MethodBody] = []
    /// Routing methods with a transition that nothing in the app calls (found after every file is read).
    public var neverCalled: [MethodBody] = []
    /// Methods of classes the app subclasses → where the app writes their names (found after every file is read;
    /// `NeverCalledMethods`).
    public var inheritedMethodUses: [String: [SourceLocation]] = [:]
    /// Unary methods of Objective-C classes (for overrides of inherited code's `[self method]`).
    public var methods: [Method] = []
    /// Problems reading.
    public var warnings: [Warning] = []
    /// Routing classes whose header a file imports (`#import <ShopModule/BDJShopRouting.h>`), by the header's name.
    public var importedRoutings: [ImportedRouting] = []
    /// The source files of the vendored folders the app links (for a module declared in a pod).
    public var vendoredSources = VendoredSources()
    /// `// lego-trace:disable…` comments: the lines where a rule's findings are silenced.
    public var suppressions: [InlineSuppression] = []

    /// No facts.
    public init() {}

    /// Appends every fact of `other`.
    public mutating func append(_ other: ScanFacts) {
        classes += other.classes
        assemblies += other.assemblies
        exports += other.exports
        prefixSettings += other.prefixSettings
        routes += other.routes
        transitions += other.transitions
        events += other.events
        receipts += other.receipts
        frameworkMacroWrappers += other.frameworkMacroWrappers
        methods += other.methods
        methodBodies += other.methodBodies
        neverCalled += other.neverCalled
        inactiveTransitions += other.inactiveTransitions
        httpHandlers += other.httpHandlers
        urlVerifications += other.urlVerifications
        routePlugs += other.routePlugs
        warnings += other.warnings
        importedRoutings += other.importedRoutings
        suppressions += other.suppressions
    }

    /// Whether anything the framework would see was found (warnings aside).
    public var hasFrameworkCode: Bool {
        !(assemblies.isEmpty && exports.isEmpty && prefixSettings.isEmpty && routes.isEmpty && transitions.isEmpty && httpHandlers.isEmpty
            && events.isEmpty && receipts.isEmpty)
    }
}
