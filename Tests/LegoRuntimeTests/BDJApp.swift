import LegoModel
import LegoReplay
import LegoRuntime
import LegoTraceIO

/// The seeds' app (百思不得姐) as a runtime fixture: a trace buffer, a bare console, and the usual modules.
struct BDJApp {
    let runtime: LegoRuntime
    let trace = TraceBuffer()
    let console = ConsoleBuffer()

    init(logs: Bool = false, prefix: String? = "BDJ") {
        runtime = LegoRuntime(app: "BDJ", prefix: prefix, sink: trace, console: console)
        runtime.consoleFraming = .bare
        if logs { runtime.enableLogs() }
        for name in ["IndexTab", "Essence", "New", "Post", "PostComment", "Login", "Publish2"] {
            runtime.declare(ModuleSpec(name: name, classPrefix: prefix == nil ? "BDJ" : nil))
        }
        runtime.declare(ModuleSpec(name: "VideoPost", kind: .virtual(gene: "Post")))
        runtime.declare(ModuleSpec(name: "VoicePost", kind: .virtual(gene: "Post")))
        runtime.declare(ModuleSpec(name: "Publish", kind: .controller))
        runtime.declare(ModuleSpec(name: "PostPictureBrowse", kind: .controller))
        runtime.registerURLs([
            "bdj://indexTab",
            "bdj://indexTab/publish",
            "bdj://essence/post",
            "bdj://essence/post/postComment",
            "bdj://essence/post/postPictureBrowse",
        ])
    }

    /// Every event recorded so far.
    var events: [TraceEvent] { trace.events }

    /// Events of one kind.
    func events(_ kind: TraceEvent.Kind) -> [TraceEvent] { trace.events.filter { $0.kind == kind } }

    /// A replay of everything recorded so far.
    func replay() -> ReplayState {
        let state = ReplayState()
        for event in trace.events { state.apply(event) }
        return state
    }

    /// Object identities that recorded `object.deinit`.
    var deinitialized: Set<ObjectID> { Set(events(.objectDeinit).compactMap(\.object)) }

    /// The layer objects a module was assembled with.
    func objects(of module: ModuleRef) -> [ObjectID] {
        events(.moduleAssemble).first { $0.object == module.id }?.objects ?? []
    }
}
