import LegoModel

/// QFMoudle's scanner (and that of the routers copying it): Objective-C through the shared lexer, resolved into a
/// `QFScannedApp`.
public struct QFScanner: FrameworkScanner {
    /// A scanner.
    public init() {}

    public var framework: Framework { .qfMoudle }

    // QFMoudle is a demo its users copy the router out of, renamed and with their own naming rule: the router is the
    // app's code, and reading it gives the naming rule, so no class marks a vendored copy.
    public var frameworkTypes: Set<String> { [] }

    // The router's two lookups (`QFRouter.h:18-41`), and its class and base protocol names.
    public var markers: [String] { ["interfaceForProtocol:", "interfaceForURL:", "QFRouter", "QFMoudleProtocol"] }

    public func read(bytes: [UInt8], file: String, language: SourceTree.Language) -> QFFacts {
        switch language {
        case .objectiveC: QFObjCReader.read(bytes: bytes, file: file)
        // Swift classes, by the runtime names the router finds; Swift callers of the router are not read yet.
        case .swift: QFSwiftReader.read(bytes: bytes, file: file)
        }
    }

    public func app(from facts: QFFacts) -> QFScannedApp { QFScannedApp(facts: facts) }
}
