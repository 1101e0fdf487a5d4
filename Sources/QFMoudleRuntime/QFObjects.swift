import LegoModel
import LegoRuntimeCore

/// An instance of a module class, as `[[cls alloc] init]` makes one on every lookup; its real `deinit` records itself.
public final class QFModule {
    /// Its identity in the trace.
    public let id: ObjectID
    /// Its class.
    public let className: String
    /// The protocol it was looked up by.
    public let protocolName: String
    /// Values set on it by key-value coding, by key (nil: a nil value was set).
    public internal(set) var values: [String: String?] = [:]
    /// Whether `callbackBlock` holds a block (false when unset, or when KVC stored a string in it).
    public internal(set) var hasCallback = false
    /// The objects the callback block captures strongly: a block copies its captures, so it keeps them alive.
    var callbackCaptures: [AnyObject] = []
    /// `interfaceViewController`: QFMoudle's base protocol declares it weak (`QFMoudleProtocol.h:17`).
    public internal(set) weak var interfaceViewController: QFViewController?
    private let recorder: Recorder

    init(id: ObjectID, className: String, protocolName: String, recorder: Recorder) {
        self.id = id
        self.className = className
        self.protocolName = protocolName
        self.recorder = recorder
        recorder.record(TraceEvent(kind: .objectAlloc, name: protocolName, className: className, object: id))
    }

    deinit {
        recorder.record(TraceEvent(kind: .objectDeinit, name: protocolName, className: className, object: id))
    }
}

/// A view controller a module's getter made; it holds its module strongly (`interface`, `QFHomeViewController.h:15`).
public final class QFViewController: Identifiable {
    /// Its identity in the trace.
    public let id: ObjectID
    /// Its class.
    public let className: String
    /// The module it was made by and holds (`interface`); nil for a root controller no module made.
    public let module: QFModule?
    /// Modules this controller keeps in strong properties (a `resolve` with `keep`).
    var keptModules: [QFModule] = []
    private let recorder: Recorder

    init(id: ObjectID, className: String, module: QFModule?, recorder: Recorder) {
        self.id = id
        self.className = className
        self.module = module
        self.recorder = recorder
        recorder.record(TraceEvent(kind: .objectAlloc, name: module?.protocolName, className: className, object: id, peer: module?.id))
    }

    /// The module's protocol, which names the screen in transitions.
    var screenName: String? { module?.protocolName }

    deinit {
        for kept in keptModules {
            recorder.record(TraceEvent(kind: .refRelease, object: kept.id, value: "\(className)#\(id)"))
        }
        recorder.record(TraceEvent(kind: .objectDeinit, name: module?.protocolName, className: className, object: id))
    }
}
