// A small app built on the runtime as a library: the seeds' 百思不得姐 (bdj) app and a short journey.
// It is deliberately faulty: it opens `bdj://essence/post…` URLs from IndexTab and Post, not from the modules their
// paths name, so `lego-trace check` reports three illegal URL hierarchies (errors, exit 1) on its trace.
// Tracing is switched on from outside: `LEGO_TRACE_FILE=trace.jsonl` (and `LEGO_TRACE_LOGS=1` for the
// framework's console logs). Without them it writes nothing. `--exit-code N` exits with N after closing
// the runtime, so `lego-trace record -- lego-example --exit-code 3` can be checked to pass the status on.
import Foundation
import LegoRuntime

func parseExitCode(_ arguments: [String]) -> Int32? {
    guard let index = arguments.firstIndex(of: "--exit-code") else { return 0 }
    guard index + 1 < arguments.count, let code = Int32(arguments[index + 1]) else { return nil }
    return code
}

guard let exitCode = parseExitCode(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data("lego-example: --exit-code needs an integer, e.g. --exit-code 3\n".utf8))
    exit(64)
}

let runtime = LegoRuntime.fromEnvironment(app: "LegoExample")

// Classes the app defines; the prefix `BDJ` is inferred from the first Routing, as the framework does.
for name in ["IndexTab", "Essence", "New", "Post", "PostComment", "PublishContent"] {
    runtime.declare(ModuleSpec(name: name, classPrefix: "BDJ"))
}
runtime.declare(ModuleSpec(name: "VideoPost", kind: .virtual(gene: "Post"), classPrefix: "BDJ"))
runtime.declare(ModuleSpec(name: "VoicePost", kind: .virtual(gene: "Post"), classPrefix: "BDJ"))
runtime.declare(ModuleSpec(name: "Publish", kind: .controller, classPrefix: "BDJ"))
runtime.declare(ModuleSpec(name: "PostPictureBrowse", kind: .controller, classPrefix: "BDJ"))

runtime.registerURLs([
    "bdj://indexTab",
    "bdj://indexTab/publish",
    "bdj://indexTab/publish/publishContent",
    "bdj://essence/post",
    "bdj://essence/post/postPictureBrowse",
    "bdj://essence/post/postComment",
])

// The journey: the tab page with its sub-pages, a post, its comments, a picture, the publish flow.
if let tab = runtime.showRoot(url: "bdj://indexTab").module {
    if let essence = runtime.addSub("Essence", to: tab).module {
        runtime.addSub("VideoPost", to: essence)
        runtime.addSub("VoicePost", to: essence)
    }
    runtime.addSub("New", to: tab)
    if let post = runtime.open(url: "bdj://essence/post?type=hot", from: tab).module {
        runtime.open(url: "bdj://essence/post/postComment?id=42", from: post, intent: "post 42")
        runtime.sendEvent("BDJPostSelectedEvent", to: ["PostComment"], data: "42")
        runtime.pop(intent: "read")
        runtime.open(url: "bdj://essence/post/postPictureBrowse", from: post, as: .present)
        runtime.dismiss()
        runtime.pop()
    }
    if let publish = runtime.open(url: "bdj://indexTab/publish", from: tab, as: .present).module {
        runtime.open(url: "bdj://indexTab/publish/publishContent?nav=BDJ", from: publish, as: .present, intent: "draft")
        runtime.dismiss(intent: "published")
        runtime.dismiss()
    }
    runtime.postNotification("UIApplicationDidBecomeActiveNotification")
}

runtime.close()
exit(exitCode)
