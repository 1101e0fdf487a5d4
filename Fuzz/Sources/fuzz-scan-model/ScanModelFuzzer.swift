import Foundation
import FuzzSupport
import LegoGraph
import LegoScan

/// Reads the input as a `scan --model` file, as `graph app.json OUT` and `check --model app.json` do.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScanModel(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    ScanModelFuzzer.check(Data(FuzzInput(data, count).bytes))
    return 0
}

/// The scan-model reader's invariants, checked on one file.
@main
enum ScanModelFuzzer {
    /// Hands the process to libFuzzer, which calls `fuzzScanModel` with each input.
    static func main() { FuzzDriver.run(fuzzScanModel) }

    /// Checks every invariant on one input, stopping the process at the first that fails.
    static func check(_ data: Data) {
        checkSourceJoin(data)
        guard let model = StaticGraph(modelJSON: data) else { return }
        // What it accepts is drawn: every edge joins drawn modules and the DOT quotes every name.
        let graph = model.moduleGraph
        let names = Set(graph.nodes.map(\.name))
        Invariant.require(graph.edges.allSatisfy { names.contains($0.from) && names.contains($0.to) }, "an edge joins a module not drawn")
        let dot = DOTWriter.write(graph)
        Invariant.require(dot.hasPrefix("digraph ") && dot.hasSuffix("}\n"), "the DOT is cut short")
    }

    /// `check --model`'s reader: a model it refuses is one line naming the file.
    static func checkSourceJoin(_ data: Data) {
        do {
            _ = try XFSourceJoin(modelJSON: data, path: "app.json")
        } catch {
            Invariant.require(!Invariant.breaksLine(error.description), "check --model error is not one line: \(error.description.debugDescription)")
            Invariant.require(error.description.contains("app.json"), "check --model error does not name the file: \(error.description.debugDescription)")
        }
    }
}
