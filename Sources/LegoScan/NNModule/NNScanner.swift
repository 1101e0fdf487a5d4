import LegoModel

/// NNModule-swift's scanner: swift-syntax for Swift, the shared Objective-C lexer for Objective-C, resolved into an
/// `NNScannedApp`.
public struct NNScanner: FrameworkScanner {
    /// A scanner.
    public init() {}

    public var framework: Framework { .nnModule }

    /// Types only the framework's own sources declare (`YiHuaXie/NNModule@5d3e56e:NNModule/…`): the service center,
    /// the router's parts and the default service impls. Names an app would also use (`EventBus`, `Navigator`,
    /// `NotificationObserver`, a common wrapper of an observer token) are left out: an app's own would exclude its folder.
    static let ownTypes: Set<String> = [
        "ModuleServiceCenter", "URLRouteParser", "URLRouteRedirector", "URLRouteInterceptor", "ModuleTabServiceImpl",
        "ModuleLaunchTaskServiceImpl", "ModuleNotificationServiceImpl", "ModuleApplicationServiceImpl",
    ]

    public var frameworkTypes: Set<String> { Self.ownTypes }

    /// The podspecs at the root of `YiHuaXie/NNModule` (named `NNModule.podspec` before `NNModule-swift.podspec`).
    public var repositoryMarkers: [String] { ["NNModule-swift.podspec", "NNModule.podspec"] }

    // The pod's module name, the bootstrap classes, the service API in both languages and the router type: none of
    // them is an XFLegoVIPER or QFMoudle spelling.
    public var markers: [String] {
        ["NNModule_swift", "NNModule-swift", "Module.RegisterService", "Module.Awake", "ModuleRegisterService", "ModuleAwake",
         "registerServiceOfProtocol", "serivceOfProtocol", "Module.register(service:", "Module.service(of:", "URLRouter"]
    }

    public func read(bytes: [UInt8], file: String, language: SourceTree.Language) -> NNFacts {
        switch language {
        case .objectiveC:
            return NNObjCReader.read(bytes: bytes, file: file)
        case .swift:
            return NNSwiftReader.read(bytes: bytes, file: file)
        }
    }

    public func app(from facts: NNFacts) -> NNScannedApp { NNScannedApp(facts: facts) }

    /// The services the vendored files register (`Module.register(service: P.self, …)`, `registerServiceOfProtocol:@protocol(P)`),
    /// read on their bytes: a lookup of one is no missing service.
    public func readVendored(_ facts: inout NNFacts, files: [SourceTree.File]) {
        var budget = Self.vendoredByteBudget
        // Only `Pods/` holds just what is linked: a Carthage or SwiftPM checkout is the dependency's whole repository, whose
        // example modules register services the app never links (NNModule's own registers `LoginService`).
        for file in files where file.relativePath.hasPrefix("Pods/") || file.relativePath.contains("/Pods/") {
            guard budget > 0 else { break }
            guard case .bytes(let bytes) = SourceTree.contents(of: file) else { continue }
            budget -= bytes.count
            for name in Self.registeredServices(in: bytes, language: file.language) {
                let key = String(NNScannedApp.unqualifiedName(name))
                if facts.vendoredRegistrations[key] == nil { facts.vendoredRegistrations[key] = file.relativePath }
            }
        }
    }

    /// The most bytes of vendored source read for registrations.
    static let vendoredByteBudget = 512 << 20
    private static let swiftRegistration = Array("register(service:".utf8)
    private static let objCRegistration = Array("registerServiceOfProtocol:".utf8)

    /// The protocols source `bytes` register, read on the bytes alone (no parse): each `register(service: P.self` (Swift,
    /// `(any P).self` too) or `registerServiceOfProtocol:@protocol(P)` (Objective-C), in order.
    public static func registeredServices(in bytes: [UInt8], language: SourceTree.Language) -> [String] {
        let marker = language == .swift ? swiftRegistration : objCRegistration
        var names: [String] = []
        var from = 0
        while let hit = ByteSearch.firstIndex(of: marker, in: bytes, range: from..<bytes.count) {
            from = hit + marker.count
            if let name = registeredName(bytes, after: from, language: language) { names.append(name) }
        }
        return names
    }

    /// The protocol a registration names after its marker: `P.self` (Swift, `(any P).self` too) or `@protocol(P)`.
    private static func registeredName(_ bytes: [UInt8], after start: Int, language: SourceTree.Language) -> String? {
        var index = start
        func skipSpaces() { while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A { index += 1 } }
        skipSpaces()
        if language == .objectiveC {
            let prefix = Array("@protocol(".utf8)
            guard bytes[index...].starts(with: prefix) else { return nil }
            index += prefix.count
            skipSpaces()
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "(") {
            // `(any P).self`
            index += 1
            skipSpaces()
            if bytes[index...].starts(with: Array("any ".utf8)) { index += 4 }
        }
        let nameStart = index
        while index < bytes.count, ByteSearch.isNameByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
        var name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        if name.hasSuffix(".self") { name.removeLast(5) }
        return name.isEmpty || name.hasSuffix(".") ? nil : name
    }
}
