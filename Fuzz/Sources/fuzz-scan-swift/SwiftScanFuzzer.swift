import FuzzSupport
import ScanFuzzSupport

/// Scans the input as a Swift file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScanSwift(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    SwiftScanFuzzer.scanner.check(FuzzInput(data, count).bytes)
    return 0
}

/// The invariants of `scan` on one Swift file (`SourceScanFuzzer`); the per-input timeout catches a parse that hangs.
@main
enum SwiftScanFuzzer {
    static let scanner = SourceScanFuzzer(harness: "fuzz-scan-swift", fileName: "App.swift")

    /// Hands the process to libFuzzer, which calls `fuzzScanSwift` with each input.
    static func main() { FuzzDriver.run(fuzzScanSwift) }
}
