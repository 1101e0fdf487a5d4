/// One recorded step of the runtime (or of an imported console log), as one JSON Lines record.
///
/// The struct is flat on purpose: every kind uses a documented subset of the optional fields
/// (see `docs/trace-format.md`), which keeps the writer and the purpose-built reader fast.
public struct TraceEvent: Sendable, Hashable {
    /// Strictly increasing sequence number, starting at 1.
    public var seq: UInt64
    /// Seconds since the trace started, monotonic (JSON key `t`).
    public var time: Double
    /// Small integer naming the recording thread (JSON key `th`).
    public var thread: UInt32
    /// What happened.
    public var kind: Kind
    /// Module / component name (JSON key `name`).
    public var name: String?
    /// Objective-C style class name, e.g. `BDJPostRouting` (JSON key `cls`).
    public var className: String?
    /// Identity of the object this event is about (JSON key `obj`).
    public var object: ObjectID?
    /// Identity of the other object: relation target, overwritten or evicted instance (JSON key `peer`).
    public var peer: ObjectID?
    /// Name of the other object or module, when it matters (JSON key `peerName`).
    public var peerName: String?
    /// A component URL (JSON key `url`).
    public var url: String?
    /// Which VIPER layer or component flavour an object is (JSON key `layer`).
    public var layer: Layer?
    /// Which relation a `link`/`unlink` event sets or breaks (JSON key `rel`).
    public var relation: Relation?
    /// What a registry change did (JSON key `effect`).
    public var effect: RegistryEffect?
    /// Which transition a transition or URL-open event belongs to (JSON key `op`).
    public var operation: Operation?
    /// The kind of module assembled (JSON key `mk`).
    public var moduleKind: ModuleKind?
    /// The gene module a shared/virtual module reuses (JSON key `gene`).
    public var gene: String?
    /// Kind-specific text: event name, prefix, interceptor, reason, hold label (JSON key `value`).
    public var value: String?
    /// Kind-specific count, e.g. copies removed or receivers reached (JSON key `n`).
    public var count: Int?
    /// Kind-specific success flag (JSON key `ok`).
    public var ok: Bool?
    /// Kind-specific object list, e.g. the receivers an event reached (JSON key `objs`).
    public var objects: [ObjectID]?
    /// URL query parameters, in query order (JSON key `params`, an object).
    public var params: [Parameter]?
    /// For imported traces: the first line of the console log the event was derived from (JSON key `line`).
    public var line: Int?

    /// Creates an event; every optional field defaults to absent.
    public init(
        seq: UInt64 = 0, time: Double = 0, thread: UInt32 = 0, kind: Kind,
        name: String? = nil, className: String? = nil, object: ObjectID? = nil,
        peer: ObjectID? = nil, peerName: String? = nil, url: String? = nil,
        layer: Layer? = nil, relation: Relation? = nil, effect: RegistryEffect? = nil,
        operation: Operation? = nil, moduleKind: ModuleKind? = nil, gene: String? = nil,
        value: String? = nil, count: Int? = nil, ok: Bool? = nil, objects: [ObjectID]? = nil,
        params: [Parameter]? = nil, line: Int? = nil
    ) {
        self.seq = seq; self.time = time; self.thread = thread; self.kind = kind
        self.name = name; self.className = className; self.object = object
        self.peer = peer; self.peerName = peerName; self.url = url
        self.layer = layer; self.relation = relation; self.effect = effect
        self.operation = operation; self.moduleKind = moduleKind; self.gene = gene
        self.value = value; self.count = count; self.ok = ok; self.objects = objects
        self.params = params; self.line = line
    }
}

/// A stable identity for one object instance within a trace (never a memory address).
public typealias ObjectID = UInt64

/// One `key=value` pair of a URL query.
public struct Parameter: Sendable, Hashable {
    /// The query key.
    public var key: String
    /// The query value (percent-encoding kept as written).
    public var value: String
    /// Creates a parameter.
    public init(key: String, value: String) { self.key = key; self.value = value }
}
