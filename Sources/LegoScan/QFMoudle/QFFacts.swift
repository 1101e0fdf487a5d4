import LegoModel

/// What the QFMoudle reader finds in the source: protocols, classes with their adopted protocols and properties, the
/// router and its naming rule, and every `interfaceForProtocol:` / `interfaceForURL:` call.
public struct QFFacts: FrameworkFacts {
    /// One `@property` with the attributes key-value coding cares about.
    public struct Property: Sendable, Hashable {
        /// Whether the value is an object, a C scalar, or a type the scan cannot place (an unknown typedef).
        public enum Kind: String, Sendable, Hashable {
            case object, scalar, unknown
        }
        /// The property (and KVC key) name.
        public var name: String
        /// The type without `*`, generics or nullability (`block` for an inline block type).
        public var type: String
        /// Object, scalar or unknown.
        public var kind: Kind
        /// `strong`, `weak`, `copy` or `assign` (the default for the kind when none is written).
        public var ownership: String
        /// Whether it is `readonly`.
        public var readonly: Bool
        /// Where it is declared.
        public var location: SourceLocation
    }

    /// One `@protocol` declaration.
    public struct ProtocolDecl: Sendable, Hashable {
        /// Its name (the URL scheme that finds it).
        public var name: String
        /// The protocols it extends.
        public var bases: [String]
        /// The properties it declares.
        public var properties: [Property]
        /// Where it is declared.
        public var location: SourceLocation
    }

    /// One `@interface` or `@implementation` of a class, or one of its extensions or categories.
    public struct ClassDecl: Sendable, Hashable {
        /// The class name.
        public var name: String
        /// The superclass, on the primary `@interface`.
        public var superclass: String?
        /// The category name: nil for the class itself, "" for an extension.
        public var category: String?
        /// Whether this is an `@implementation`.
        public var isImplementation: Bool
        /// The protocols it adopts here.
        public var adopts: [String]
        /// The properties it declares here.
        public var properties: [Property]
        /// Selectors of the methods it declares or implements here.
        public var methods: [String]
        /// `@synthesize`d property names.
        public var synthesized: [String]
        /// Instance variables in its `{ … }` block.
        public var ivars: [String]
        /// View-controller getters: getter name → the controller class its body allocates.
        public var controllers: [String: String]
        /// View-controller getters that keep what they make and hand it the module (`serverBody = [[C alloc] init];
        /// serverBody.interface = self;`).
        public var cachedControllers: [CachedController] = []
        /// Where it is declared.
        public var location: SourceLocation
        /// Whether it is a Swift class named by `@objc(Name)` (its properties are not read).
        public var isSwift = false
    }

    /// A getter that stores the controller it makes in a property or ivar of the module and sets one of the
    /// controller's properties to the module: with both strong, a retain cycle.
    public struct CachedController: Sendable, Hashable {
        /// The getter's name.
        public var getter: String
        /// The controller class allocated.
        public var controllerClass: String
        /// The property (or ivar, leading `_` dropped) the controller is stored in.
        public var storage: String
        /// The controller's properties set to `self`.
        public var backReferences: [String]
        /// Where the allocation is.
        public var location: SourceLocation
    }

    /// A value the scan can read, or the expression computing it at run time.
    public enum Value: Sendable, Hashable {
        /// Known text, with where each step of its resolution is written (the literal last).
        case literal(String, chain: [SourceLocation])
        /// A `stringWithFormat:` whose format is known but whose `%@` arguments are not.
        case format(String, chain: [SourceLocation])
        /// Computed at run time.
        case dynamic(String)
    }

    /// An `interfaceForProtocol:` or `interfaceForURL:` call.
    public struct Open: Sendable, Hashable {
        /// What it opens.
        public enum Target: Sendable, Hashable {
            /// `interfaceForProtocol:` with the protocol's name (or its expression).
            case protocolName(Value)
            /// `interfaceForURL:` with the URL's text (or its expression).
            case url(Value)
        }
        /// How the method that makes the call shows what it opened.
        public enum Show: String, Sendable, Hashable {
            case push, present, none
        }
        /// What it opens.
        public var target: Target
        /// The class whose method makes the call.
        public var fromClass: String?
        /// The selector called (`interfaceForProtocol:`, `interfaceForURL:`, or the wrapper macro's name).
        public var via: String
        /// The receiver's text.
        public var receiver: String
        /// Whether the call is code that runs: false inside a comment or `#if 0`.
        public var reachable: Bool
        /// Whether the calling method pushes or presents a controller after it.
        public var show: Show
        /// Where the call is.
        public var location: SourceLocation
        /// Whether the protocol is named by a string (`NSProtocolFromString(@"P")`), which compiles whether or not `P` is
        /// declared: nil at run time for a name no protocol has.
        public var protocolByString = false

        /// Whether the call is Swift's (`interface(for:)`), whose protocols Swift names its own way.
        public var isSwift: Bool { location.file.hasSuffix(".swift") }
    }

    /// A `@protocol(P)` expression outside an open.
    public struct Reference: Sendable, Hashable {
        /// The protocol named.
        public var name: String
        /// The class whose code holds it.
        public var fromClass: String?
        /// Where it is.
        public var location: SourceLocation
    }

    /// A naming rule read from a router method: `NSClassFromString(prefix + NSStringFromProtocol(p) + suffix)`.
    public struct NamingRule: Sendable, Hashable {
        /// What comes before the protocol name.
        public var prefix: [NamePiece]
        /// What comes after it.
        public var suffix: [NamePiece]
        /// The class whose method holds it.
        public var className: String
        /// Where the `NSClassFromString` call is.
        public var location: SourceLocation
    }

    /// A piece of a naming rule's prefix or suffix: text, or a name standing for text that another file may define
    /// (`[NSStringFromProtocol(p) stringByAppendingString:SUFFIX]` with `#define SUFFIX @"SI"` in a shared header).
    public enum NamePiece: Sendable, Hashable {
        /// Literal text.
        case text(String)
        /// A macro or constant name, resolved once every file is read (`QFFacts.stringConstants`).
        case constant(String)
    }

    /// A runtime call in a class's method that a router finding modules by conformance makes: walking every class
    /// (`objc_copyClassList`, `objc_getClassList`) or asking one whether it adopts a protocol (`class_conformsToProtocol`,
    /// `conformsToProtocol:`).
    public struct ConformanceCall: Sendable, Hashable {
        /// Which of the two.
        public enum Kind: String, Sendable, Hashable { case classList, conforms }
        /// What the call does.
        public var kind: Kind
        /// The class whose method makes it.
        public var className: String
        /// Where.
        public var location: SourceLocation
    }

    /// A name that stands for one string: `#define NAME @"text"` or a file-level `NSString *const NAME = @"text"`.
    public struct StringConstant: Sendable, Hashable {
        /// The macro or constant's name.
        public var name: String
        /// The text it stands for.
        public var value: String
        /// Where it is defined.
        public var location: SourceLocation
    }

    /// How a class's `interfaceForURL:` finds the protocol and sets the query, as far as its body says.
    public struct URLRule: Sendable, Hashable {
        /// The part of the URL that names the protocol (`objc_getProtocol(url.scheme.UTF8String)` in QFMoudle).
        public enum Part: Sendable, Hashable {
            case scheme, host
            /// Something else given to `objc_getProtocol`, as written.
            case other(String)
            /// No `objc_getProtocol` or `NSProtocolFromString` at all (the body returns nil, or looks up a table).
            case none
        }
        /// The part of the URL that names the protocol.
        public var part: Part
        /// Whether each query item is set on the module with `setValue:forKey:` unguarded, as QFMoudle does
        /// (`QFRouter.m:52-55`); false when the body checks `respondsToSelector:` first, sets another object's keys
        /// (`valueForKey:`), or sets none.
        public var setsQueryOnModule: Bool
        /// Whether every `setValue:forKey:` is inside `@try { … } @catch`: a bad key is dropped, the module still opens.
        public var catchesKVCExceptions = false
        /// String literals an `if` condition on the URL's scheme (or text) compares with: URLs a branch of the router's own
        /// handles (`https` opening a web module) before any protocol is looked up.
        public var handledSchemes: [String] = []
        /// The class whose method it is.
        public var className: String
        /// Where the method is.
        public var location: SourceLocation
    }

    /// A `NSClassFromString` of a protocol name the scan could not read as a prefix/suffix rule.
    public struct DynamicNaming: Sendable, Hashable {
        /// The class whose method holds it.
        public var className: String
        /// The argument's text.
        public var expression: String
        /// Where it is.
        public var location: SourceLocation
    }

    /// What a function-like macro wrapping a lookup takes (`#define OPEN(P) [[R router] interfaceForProtocol:@protocol(P)]`).
    public enum Wrapper: String, Sendable, Hashable {
        /// A protocol name the macro pastes into `@protocol(…)`.
        case protocolName
        /// A protocol expression (`@protocol(P)`) passed to `interfaceForProtocol:`.
        case protocolExpression
        /// A URL string passed to `interfaceForURL:` (through `URLWithString:` or as is).
        case url
    }

    /// A call `NAME(argument)` of one argument that may be a wrapper macro's, kept until the wrappers of every file are known.
    public struct MacroCall: Sendable, Hashable {
        /// The macro's name.
        public var name: String
        /// The open it is, should `name` wrap a lookup: for each wrapper kind, the target its argument gives.
        public var targets: [Wrapper: Open.Target]
        /// The open's other facts (`via` is the macro's name).
        public var open: Open
    }

    /// A Swift class, with the Objective-C runtime name `@objc(Name)` gives it (without one, its runtime name is
    /// module-qualified, and `NSClassFromString` of the bare name does not find it).
    public struct SwiftClass: Sendable, Hashable {
        /// The Swift name.
        public var name: String
        /// The name `@objc(Name)` gives, if any.
        public var runtimeName: String?
        /// Where it is declared.
        public var location: SourceLocation
    }

    /// Function-like macros that wrap a lookup, by name.
    public var wrappers: [String: Wrapper] = [:]
    /// Calls that may be a wrapper's.
    public var macroCalls: [MacroCall] = []
    /// Protocols declared.
    public var protocols: [ProtocolDecl] = []
    /// Class declarations (interfaces, implementations, extensions, categories; Swift classes named by `@objc(Name)`).
    public var classes: [ClassDecl] = []
    /// Swift classes.
    public var swiftClasses: [SwiftClass] = []
    /// Swift `@objc` protocols by their Swift name: the Objective-C runtime name each has (`@objc(Name)`, else the Swift
    /// name), which the router's `objc_getProtocol` and `NSStringFromProtocol` see.
    public var swiftProtocols: [String: String] = [:]
    /// The types a Swift `extension` extends in a file that has `@objc` members, with the first place: such an extension
    /// may add setters KVC finds (`@objc var`, `@objc func setX(_:)`), which the scan does not read.
    public var swiftExtensions: [String: SourceLocation] = [:]
    /// Opens, reachable or not.
    public var opens: [Open] = []
    /// `@protocol(P)` references outside opens.
    public var references: [Reference] = []
    /// Naming rules read from `NSClassFromString(…NSStringFromProtocol(…)…)` calls.
    public var namingRules: [NamingRule] = []
    /// `NSClassFromString` calls on a protocol name computed otherwise.
    public var dynamicNamings: [DynamicNaming] = []
    /// Class-list walks and conformance checks in methods (a router resolving by conformance makes both).
    public var conformanceCalls: [ConformanceCall] = []
    /// What each `interfaceForURL:` body read does.
    public var urlRules: [URLRule] = []
    /// Names that stand for one string, in every file read (a naming rule's pieces may name them).
    public var stringConstants: [StringConstant] = []
    /// Typedefs of block types (`typedef void (^Name)(…)`), which are objects.
    public var blockTypedefs: Set<String> = []
    /// Typedefs of scalar types (`NS_ENUM`, `NS_OPTIONS`, `typedef NSInteger Name`) and the type each stands for.
    public var scalarTypedefs: [String: String] = [:]
    /// Typedefs of object pointer types (`typedef NSString *CartTab`, string enums) and the class each points to.
    public var objectTypedefs: [String: String] = [:]
    public var warnings: [ScanFacts.Warning] = []
    public var suppressions: [InlineSuppression] = []
    /// The source files of the vendored folders the app links (for a module class declared in a pod).
    public var vendoredSources = VendoredSources()

    /// No facts.
    public init() {}

    public var declaredTypeNames: [String] { classes.filter { $0.category == nil }.map(\.name) }

    // A file uses QFMoudle when it opens a module or declares a router; protocols alone are any ObjC app's.
    public var hasFrameworkCode: Bool {
        !opens.isEmpty || !wrappers.isEmpty || classes.contains { $0.methods.contains("interfaceForProtocol:") }
    }

    public mutating func append(_ other: QFFacts) {
        protocols += other.protocols
        wrappers.merge(other.wrappers) { first, _ in first }
        macroCalls += other.macroCalls
        classes += other.classes
        swiftClasses += other.swiftClasses
        swiftProtocols.merge(other.swiftProtocols) { first, _ in first }
        swiftExtensions.merge(other.swiftExtensions) { first, _ in first }
        opens += other.opens
        references += other.references
        namingRules += other.namingRules
        dynamicNamings += other.dynamicNamings
        conformanceCalls += other.conformanceCalls
        stringConstants += other.stringConstants
        urlRules += other.urlRules
        blockTypedefs.formUnion(other.blockTypedefs)
        scalarTypedefs.merge(other.scalarTypedefs) { first, _ in first }
        objectTypedefs.merge(other.objectTypedefs) { first, _ in first }
        warnings += other.warnings
        suppressions += other.suppressions
    }
}
