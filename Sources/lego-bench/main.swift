// lego-bench: the speed and memory figures of docs/performance.md. Build lego-trace too, then run in release mode:
//   swift build -c release --product lego-trace && swift run -c release lego-bench [SECTION ...|all] [--quick]
import Foundation
import LegoGraph
import LegoModel
import LegoTestSupport

let arguments = Array(CommandLine.arguments.dropFirst())
// `lego-bench write-trace PATH [--events N] [--framework NAME]` writes a synthetic trace the check figures use, for
// profiling by hand.
if arguments.first == "write-trace", arguments.count >= 2 {
    func value(_ flag: String) -> String? { arguments.firstIndex(of: flag).flatMap { arguments.count > $0 + 1 ? arguments[$0 + 1] : nil } }
    guard let events = Int(value("--events") ?? "1000000"), events > 0, let framework = Framework(name: value("--framework") ?? "xflego") else {
        FileHandle.standardError.write(Data("lego-bench: write-trace needs --events N (N > 0) and --framework \(Framework.knownNames)\n".utf8))
        exit(2)
    }
    do { try CheckBench.writeTrace(framework, events: events, to: arguments[1]) } catch {
        FileHandle.standardError.write(Data("lego-bench: \(error)\n".utf8))
        exit(2)
    }
    exit(0)
}
// `lego-bench write-graph PATH [--modules N] [--layout ENGINE]` writes the DOT of a generated app, for timing layouts by hand.
if arguments.first == "write-graph", arguments.count >= 2 {
    func value(_ flag: String) -> String? { arguments.firstIndex(of: flag).flatMap { arguments.count > $0 + 1 ? arguments[$0 + 1] : nil } }
    guard let modules = Int(value("--modules") ?? "1000"), modules > 1, let layout = GraphLayout(rawValue: value("--layout") ?? "dot") else {
        FileHandle.standardError.write(Data("lego-bench: write-graph needs --modules N (N > 1) and --layout \(GraphLayout.allCases.map(\.rawValue).joined(separator: "|"))\n".utf8))
        exit(2)
    }
    do {
        let graph = try LayoutBench.writeGraph(to: arguments[1], modules: modules, layout: layout)
        print("\(graph.nodes.count) modules, \(graph.edges.count) edges")
    } catch {
        FileHandle.standardError.write(Data("lego-bench: \(error)\n".utf8))
        exit(2)
    }
    exit(0)
}
// `lego-bench write-app DIR [--framework NAME] [--files N]` writes the scan section's generated app, for profiling by hand.
if arguments.first == "write-app", arguments.count >= 2 {
    func value(_ flag: String) -> String? { arguments.firstIndex(of: flag).flatMap { arguments.count > $0 + 1 ? arguments[$0 + 1] : nil } }
    guard let files = Int(value("--files") ?? "5000"), files > 1, let framework = Framework(name: value("--framework") ?? "xflego") else {
        FileHandle.standardError.write(Data("lego-bench: write-app needs --files N (N > 1) and --framework \(Framework.knownNames)\n".utf8))
        exit(2)
    }
    do { try ScanBench.writeApp(framework, files: files, into: arguments[1]) } catch {
        FileHandle.standardError.write(Data("lego-bench: \(error)\n".utf8))
        exit(2)
    }
    exit(0)
}
// `lego-bench peak-rss COMMAND…` is the fresh parent the memory section measures children through.
if arguments.first == "peak-rss" {
    exit(ChildProcess.relay(Array(arguments.dropFirst())))
}
do {
    let request = try BenchRequest(arguments: arguments)
    let results = try BenchRunner(request: request).run()
    print(BenchTable(results: results).render())
    // A missed target is reported in the table, not as a failure: figures depend on the machine.
    exit(0)
} catch let error as BenchUsageError {
    FileHandle.standardError.write(Data("lego-bench: \(error.message)\n\(BenchRequest.usage)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("lego-bench: \(error)\n".utf8))
    exit(1)
}
