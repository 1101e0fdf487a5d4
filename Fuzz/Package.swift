// swift-tools-version: 6.0
import PackageDescription

// libFuzzer harnesses for the readers of untrusted input; `scripts/fuzz` builds and runs them (docs/reliability.md).
//
// A separate package so that the root package's `swift build --build-tests` never builds them: a harness links
// only with `-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library`, which brings in libFuzzer.
let package = Package(
    name: "lego-trace-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "lego-trace", path: ".."),
    ],
    targets: [
        // Declares libFuzzer's `LLVMFuzzerRunDriver`, which each harness's `main` calls (see FuzzDriver.swift for why).
        .target(name: "CFuzzDriver"),
        // What every harness shares: the driver, the scratch file, the invariant checks and their failure message.
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver"]),
        // Trace reader (strict, lenient, read-ahead), writer round trip and detectors.
        .executableTarget(name: "fuzz-trace-reader", dependencies: ["FuzzSupport", .product(name: "LegoInputs", package: "lego-trace")]),
        // Console-log importer, with the imported trace written, read back and checked.
        .executableTarget(name: "fuzz-import", dependencies: ["FuzzSupport", .product(name: "LegoInputs", package: "lego-trace")]),
        // Scenario parser; a scenario it accepts is run on the runtime and its trace checked.
        .executableTarget(name: "fuzz-scenario", dependencies: ["FuzzSupport", .product(name: "LegoInputs", package: "lego-trace")]),
        // `.lego-trace.yml` loader.
        .executableTarget(name: "fuzz-config", dependencies: ["FuzzSupport", .product(name: "LegoInputs", package: "lego-trace")]),
        // Baseline loader.
        .executableTarget(name: "fuzz-baseline", dependencies: ["FuzzSupport", .product(name: "LegoInputs", package: "lego-trace")]),
        // `scan` of one Objective-C file: lexer, reader, resolution, checks, model JSON read back.
        .executableTarget(name: "fuzz-scan-objc", dependencies: ["FuzzSupport", "ScanFuzzSupport"]),
        // `scan` of one Swift file: the nesting guard, swift-syntax and the reader, then as for Objective-C.
        .executableTarget(name: "fuzz-scan-swift", dependencies: ["FuzzSupport", "ScanFuzzSupport"]),
        // The `scan --model` reader that `graph` uses, with the graph drawn as DOT.
        .executableTarget(name: "fuzz-scan-model", dependencies: ["FuzzSupport", .product(name: "LegoScanInputs", package: "lego-trace")]),
        // What the two scan harnesses share: one source file scanned in a scratch folder, and its invariants.
        .target(name: "ScanFuzzSupport", dependencies: ["FuzzSupport", .product(name: "LegoScanInputs", package: "lego-trace")]),
    ],
    swiftLanguageModes: [.v6]
)
