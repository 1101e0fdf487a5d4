/// The QFMoudle app a runtime models: its router and naming rule, its protocols and the classes that exist.
///
/// Nothing is registered in QFMoudle: a "route" is any protocol whose implementation class exists, so the app is
/// declared up front, as the compiled binary would hold it.
public struct QFApp: Sendable, Hashable {
    /// The app's name (goes into the trace header).
    public var name: String
    /// The router class and its protocol → class naming rule.
    public var router: QFRouterSpec
    /// The protocols compiled into the app, in declaration order.
    public var protocols: [QFProtocolSpec]
    /// The classes that exist (module classes and view controllers), in declaration order.
    public var classes: [QFClassSpec]

    /// Creates an app.
    public init(name: String, router: QFRouterSpec = QFRouterSpec(), protocols: [QFProtocolSpec], classes: [QFClassSpec]) {
        self.name = name
        self.router = router
        self.protocols = protocols
        self.classes = classes
    }
}

/// The router class and the naming rule of its protocol → class method: `implName(P) = prefix + P + suffix`.
///
/// QFMoudle itself uses `QFRouter` and no prefix or suffix (`QFRouter.m:60-63`); its copies rename both.
public struct QFRouterSpec: Sendable, Hashable {
    /// The router's class name.
    public var className: String
    /// Text put before the protocol's name to name its class.
    public var implPrefix: String
    /// Text put after the protocol's name to name its class.
    public var implSuffix: String
    /// How the router finds a protocol's class.
    public var lookup: Lookup

    /// How a router finds the class of a protocol.
    public enum Lookup: String, Sendable, Hashable, CaseIterable {
        /// `NSClassFromString(implName(P))`: QFMoudle's (`QFRouter.m:60-63`).
        case name
        /// The first class, in declaration order, adopting P itself or through a protocol extending it: copies that
        /// walk `objc_copyClassList` with `class_conformsToProtocol` (whose class order the runtime does not promise).
        case conformance
    }

    /// Creates a router spec; the defaults are QFMoudle's own.
    public init(className: String = "QFRouter", implPrefix: String = "", implSuffix: String = "", lookup: Lookup = .name) {
        self.className = className
        self.implPrefix = implPrefix
        self.implSuffix = implSuffix
        self.lookup = lookup
    }

    /// The class name the router looks up for protocol `name`.
    public func implName(forProtocol name: String) -> String { implPrefix + name + implSuffix }
}

/// One `@protocol` of the app, with the properties it declares (its base protocol's included by `base`).
public struct QFProtocolSpec: Sendable, Hashable {
    /// The protocol's name, which is also the URL scheme that finds it.
    public var name: String
    /// The protocol it extends, if it is one the app declares (QFMoudle's `QFMoudleProtocol`).
    public var base: String?
    /// The properties it declares.
    public var properties: [QFProperty]

    /// Creates a protocol.
    public init(name: String, base: String? = nil, properties: [QFProperty] = []) {
        self.name = name
        self.base = base
        self.properties = properties
    }
}

/// One class of the app: a module class (it adopts protocols and makes view controllers) or a view controller.
public struct QFClassSpec: Sendable, Hashable {
    /// The class name.
    public var name: String
    /// The superclass, when it is a class the app declares (its properties are inherited).
    public var superclass: String?
    /// The protocols it adopts; their properties are synthesized on it.
    public var adopts: [String]
    /// Properties it declares itself (or in a category), beyond its protocols'.
    public var properties: [QFProperty]
    /// View-controller getters: getter name → the class each call makes anew.
    public var controllers: [String: String]

    /// Creates a class.
    public init(name: String, superclass: String? = nil, adopts: [String] = [], properties: [QFProperty] = [],
                controllers: [String: String] = [:]) {
        self.name = name
        self.superclass = superclass
        self.adopts = adopts
        self.properties = properties
        self.controllers = controllers
    }
}

/// One `@property` with the attributes key-value coding cares about.
public struct QFProperty: Sendable, Hashable {
    /// How the property holds an object value.
    public enum Ownership: String, Sendable, Hashable, CaseIterable {
        case strong, weak, copy, assign
    }

    /// The property (and KVC key) name, case-sensitive.
    public var name: String
    /// The declared type without `*`: `NSString`, `NSInteger`, `BOOL`, `UIViewController`, `id`, or `block`.
    public var type: String
    /// `strong`, `weak`, `copy` or `assign`.
    public var ownership: Ownership
    /// Whether it is `readonly`.
    public var readonly: Bool
    /// Whether an ivar backs it (`@synthesize` or auto-synthesis); false for a readonly computed property.
    public var hasIvar: Bool

    /// Creates a property.
    public init(name: String, type: String, ownership: Ownership = .strong, readonly: Bool = false, hasIvar: Bool = true) {
        self.name = name
        self.type = type
        self.ownership = ownership
        self.readonly = readonly
        self.hasIvar = hasIvar
    }

    /// Scalar types KVC converts an `NSString` into with a getter `NSString` has (`intValue`, `integerValue`,
    /// `longLongValue`, `boolValue`, `floatValue`, `doubleValue`).
    static let convertibleScalars: Set<String> = [
        "int", "NSInteger", "long", "long long", "BOOL", "bool", "float", "double", "CGFloat", "NSTimeInterval",
        // `int` and `long long` under other names (`i` and `q`, read with `intValue` and `longLongValue`).
        "int32_t", "int64_t", "SInt32", "SInt64",
    ]
    /// Scalar types whose KVC conversion needs a getter `NSString` lacks (`unsignedIntegerValue`, `charValue`).
    static let otherScalars: Set<String> = [
        "NSUInteger", "unsigned", "unsigned int", "unsigned long", "char", "unsigned char", "short", "unsigned short", "uint64_t",
        "uint32_t", "int16_t", "uint16_t", "int8_t", "uint8_t", "UInt8", "UInt16", "UInt32", "UInt64", "SInt8", "SInt16",
        "CGPoint", "CGSize", "CGRect",
    ]
    /// Object types an `NSString` is a valid value of.
    static let stringTypes: Set<String> = ["NSString", "id", "NSObject", "NSCopying"]

    /// Whether the property is a C scalar (or struct) rather than an object.
    public var isScalar: Bool { Self.convertibleScalars.contains(type) || Self.otherScalars.contains(type) }
}
