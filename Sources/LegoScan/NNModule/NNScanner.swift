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
}
