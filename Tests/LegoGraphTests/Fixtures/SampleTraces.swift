import LegoAnalysis
import LegoModel
import LegoReplay

/// Hand-built traces shared by the graph tests.
enum SampleTraces {
    /// A tab root with two sub-modules, pushes through URLs, a presented controller, events, a virtual module, a pop and a dismiss.
    static func navigation() -> (events: [TraceEvent], beforeDismiss: UInt64) {
        var trace = TraceFixture()
        trace.register("bdj://indexTab", for: "IndexTab")
        trace.register("bdj://essence", for: "Essence")
        trace.register("bdj://essence/post", for: "Post")
        trace.register("bdj://essence/post/postComment", for: "PostComment")
        trace.register("bdj://login", for: "Login")
        let index = trace.show("IndexTab")
        let essence = trace.sub("Essence", of: index)
        let new = trace.sub("New", of: index)
        let post = trace.open("Post", from: essence, url: "bdj://essence/post?id=7")
        let comment = trace.open("PostComment", from: post, url: "bdj://essence/post/postComment")
        trace.send("Refresh", from: comment, to: essence)
        trace.send("Refresh", from: comment, to: essence)
        trace.send("Like", from: comment, to: post)
        trace.pop(comment, to: post)
        let login = trace.open("Login", from: post, operation: .present, url: "bdj://login", controller: true)
        _ = trace.open("VideoPost", from: new, url: "bdj://new/videoPost", gene: "Post")
        let beforeDismiss = trace.lastSeq
        trace.pop(login, to: post, operation: .dismiss)
        return (trace.events, beforeDismiss)
    }

    /// The three faults: a leaked Post, two live Posts (duplicate name), PostComment opened under the wrong parent.
    static func faults() -> (events: [TraceEvent], findings: [Finding]) {
        var trace = TraceFixture()
        trace.register("bdj://essence", for: "Essence")
        trace.register("bdj://essence/post", for: "Post")
        trace.register("bdj://essence/post/postComment", for: "PostComment")
        let index = trace.show("IndexTab")
        let essence = trace.sub("Essence", of: index)
        let leaked = trace.open("Post", from: essence, url: "bdj://essence/post")
        trace.pop(leaked, to: essence, leak: true)
        let post = trace.open("Post", from: essence, url: "bdj://essence/post")
        let second = trace.open("Post", from: post, url: "bdj://essence/post")
        _ = trace.open("PostComment", from: index, url: "bdj://essence/post/postComment")
        let end = ReplayState.Moment(seq: trace.lastSeq, time: 1)
        let findings = [
            Finding(ruleID: "leaked-module", severity: .error, message: "Post is alive after its screen was popped\nheld by a block",
                    module: "Post", instance: "BDJPostRouting#\(leaked.primary)", object: leaked.primary, first: end, last: end, fingerprint: "leak"),
            Finding(ruleID: "duplicate-module-name", severity: .error, message: "two live modules are named Post",
                    module: "Post", instance: "BDJPostRouting#\(second.primary)", object: second.primary, first: end, last: end, fingerprint: "dup"),
            Finding(ruleID: "illegal-url-hierarchy", severity: .warning, message: "bdj://essence/post/postComment opened from IndexTab, not Post",
                    module: "PostComment", first: end, last: end, fingerprint: "url"),
            Finding(ruleID: "naming-problem", severity: .note, message: "Ghost has no Presenter",
                    module: "Ghost", first: end, last: end, fingerprint: "ghost"),
        ]
        return (trace.events, findings)
    }

    /// Module, event and URL names that try to break DOT, SVG and JSON.
    static let hostileNames = [
        "<script>alert(\"x\")</script>",
        "Quote\"d",
        "Back\\slash\\",
        "Line\nBreak",
        "Tom & Jerry &amp; &nbsp; &#38;",
        "😀Emoji",
        "中文模块",
        "Esc\\N\\l\\G",
    ]

    /// A root that pushes one module per hostile name, sends each a hostile event, through hostile URLs.
    static func hostile() -> [TraceEvent] {
        var trace = TraceFixture(prefix: "XF")
        let root = trace.show("Root")
        for (index, name) in hostileNames.enumerated() {
            trace.register("bdj://root/\(name)", for: name)
            let module = trace.open(name, from: root, operation: index.isMultiple(of: 2) ? .push : .present, url: "bdj://root/\(name)?q=<b>&x=\"1\"")
            trace.send("on\(name)", from: module, to: root)
        }
        return trace.events
    }

    /// Two names of about 20 KiB, beyond the 16,384 bytes Graphviz 2.43 reads in one quoted-string run: ASCII
    /// with every character DOT escapes, and Chinese with emoji (3- and 4-byte UTF-8), 20,480 bytes each.
    static let longNames = [
        String(repeating: "Ab\"c\\d&e", count: 2_560),
        String(repeating: "模块😀", count: 2_048),
    ]

    /// A root that pushes one module per long name.
    static func longNamed() -> [TraceEvent] {
        var trace = TraceFixture(prefix: "XF")
        let root = trace.show("Root")
        for name in longNames { _ = trace.open(name, from: root) }
        return trace.events
    }
}
