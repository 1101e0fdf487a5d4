import Foundation
import FuzzSupport
import LegoGraph
import LegoScan

/// Reads the input as a `scan --model` file, as `graph app.json OUT` does.
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
        guard let model = StaticGraph(modelJSON: data) else { return }
        // What it accepts is drawn: every edge joins drawn modules and the DOT quotes every name.
        let graph = model.moduleGraph
        let names = Set(graph.nodes.map(\.name))
        Invariant.require(graph.edges.allSatisfy { names.contains($0.from) && names.contains($0.to) }, "an edge joins a module not drawn")
        let dot = DOTWriter.write(graph)
        Invariant.require(dot.hasPrefix("digraph ") && dot.hasSuffix("}\n"), "the DOT is cut short")
    }
}
