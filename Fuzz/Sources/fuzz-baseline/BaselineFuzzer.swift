import Foundation
import FuzzSupport
import LegoAnalysis

/// Parses the input as a baseline file; what it accepts must compare cleanly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBaseline(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    BaselineFuzzer.check(Data(FuzzInput(data, count).bytes))
    return 0
}

/// The baseline loader's invariants, checked on one file.
@main
enum BaselineFuzzer {
    /// Hands the process to libFuzzer, which calls `fuzzBaseline` with each input.
    static func main() { FuzzDriver.run(fuzzBaseline) }

    /// The name the baseline is parsed under, which every error must start with.
    static let file = "baseline.json"

    /// Checks every invariant on one input, stopping the process at the first that fails.
    static func check(_ data: Data) {
        let baseline: Baseline
        do {
            baseline = try Baseline.parse(data, file: file)
        } catch {
            Invariant.requireOneLine(error.description, naming: file)
            return
        }
        // With no findings every entry is stale: nothing is lost or invented on the way.
        let comparison = baseline.compare([])
        Invariant.require(comparison.new.isEmpty && comparison.suppressed.isEmpty && comparison.stale == baseline.entries,
                          "comparing \(baseline.entries.count) entries with no findings does not make them all stale")
    }
}
