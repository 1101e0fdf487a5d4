import FuzzSupport
import ScanFuzzSupport

/// Scans the input as an Objective-C file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScanObjC(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    ObjCScanFuzzer.scanner.check(FuzzInput(data, count).bytes)
    return 0
}

/// The invariants of `scan` on one Objective-C file (`SourceScanFuzzer`).
@main
enum ObjCScanFuzzer {
    static let scanner = SourceScanFuzzer(harness: "fuzz-scan-objc", fileName: "App.m")

    /// Hands the process to libFuzzer, which calls `fuzzScanObjC` with each input.
    static func main() { FuzzDriver.run(fuzzScanObjC) }
}
