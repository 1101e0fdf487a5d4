// swift-tools-version: 6.0
// SPDX-License-Identifier: MIT
import PackageDescription

// No unsafe flags: SwiftPM refuses them in a package depended on by version. The ~10% that dynamic exclusivity
// checks cost `check` is kept off with `@exclusivity(unchecked)` on the hot stored properties of the reader, the
// replay and the detectors instead (docs/performance.md).
let package = Package(
    name: "lego-trace",
    // Synchronization's Mutex (the writer, the runtime's recorder) needs these.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "lego-trace", targets: ["lego-trace"]),
        .executable(name: "lego-example", targets: ["lego-example"]),
        .executable(name: "lego-bench", targets: ["lego-bench"]),
        .library(name: "LegoRuntime", targets: ["LegoRuntime"]),
        // Only for the fuzz harnesses in Fuzz/, a separate package (so the normal build never links libFuzzer),
        // which can import another package's modules only through a product: the modules that read untrusted input.
        .library(name: "LegoInputs", targets: ["LegoTraceIO", "LegoImport", "LegoScenario", "LegoAnalysis"]),
        // The same for scan's readers (its own product: only the scan harnesses build swift-syntax with the sanitizers).
        .library(name: "LegoScanInputs", targets: ["LegoScan", "LegoGraph"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
    ],
    targets: [
        // Trace events as plain Sendable values, plus the framework's naming rules.
        .target(name: "LegoModel"),
        // JSON Lines trace writer and streaming reader.
        .target(name: "LegoTraceIO", dependencies: ["LegoModel"]),
        // What every framework's runtime model shares: the recorder, object identities and the virtual clock.
        .target(name: "LegoRuntimeCore", dependencies: ["LegoModel", "LegoTraceIO"]),
        // The instrumented, headless model of the XFLegoVIPER runtime.
        .target(name: "LegoRuntime", dependencies: ["LegoModel", "LegoTraceIO", "LegoRuntimeCore"]),
        // The instrumented, headless model of NNModule-swift (services, URL routers, event bus, sticky notifications).
        .target(name: "NNModuleRuntime", dependencies: ["LegoModel", "LegoTraceIO", "LegoRuntimeCore"]),
        // The instrumented, headless model of the QFMoudle runtime: protocol-named modules, URL schemes, KVC.
        .target(name: "QFMoudleRuntime", dependencies: ["LegoModel", "LegoTraceIO", "LegoRuntimeCore"]),
        // YAML scenarios (app + journey) that drive the runtimes; the embedded sample app.
        .target(name: "LegoScenario", dependencies: ["LegoRuntime", "NNModuleRuntime", "QFMoudleRuntime", .product(name: "Yams", package: "Yams")]),
        // The single replay state machine that rebuilds registries and relations from events.
        .target(name: "LegoReplay", dependencies: ["LegoModel", "LegoTraceIO"]),
        // Detectors, findings, config and baselines.
        .target(name: "LegoAnalysis", dependencies: ["LegoReplay", .product(name: "Yams", package: "Yams")]),
        // Report formats: text, JSON, SARIF, JUnit, GitHub annotations.
        .target(name: "LegoReport", dependencies: ["LegoAnalysis"]),
        // Console-log importer: framework logs to trace events.
        .target(name: "LegoImport", dependencies: ["LegoReplay"]),
        // Module relationship graph model and the pure-Swift DOT writer.
        .target(name: "LegoGraph", dependencies: ["LegoReplay", "LegoAnalysis"]),
        // The self-contained interactive HTML report (graph, lifetimes, findings).
        .target(name: "LegoPage", dependencies: ["LegoGraph", "LegoReport"]),
        // libgraphviz, found with pkg-config; only LegoRender imports it.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        // Renders DOT to SVG/PNG/PDF in process behind a Swift API.
        .target(name: "LegoRender", dependencies: ["CGraphviz"]),
        // Static scan of an app's Objective-C and Swift sources: module map, URLs, transitions, events, findings.
        .target(name: "LegoScan", dependencies: [
            "LegoModel", "LegoAnalysis", "LegoReport", "LegoGraph", "QFMoudleRuntime",
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftSyntax", package: "swift-syntax"),
        ]),
        // Starts `record -- CMD`'s program with a parent-death signal (fork and exec, which posix_spawn cannot do).
        .target(name: "CSpawn"),
        // Command entry points shared by the executable and end-to-end tests.
        .target(name: "LegoTraceApp", dependencies: [
            "CSpawn", "LegoModel", "LegoTraceIO", "LegoRuntime", "LegoScenario", "LegoReplay",
            "LegoAnalysis", "LegoReport", "LegoImport", "LegoGraph", "LegoRender", "LegoPage", "LegoScan",
        ]),
        .executableTarget(name: "lego-trace", dependencies: [
            "LegoTraceApp", "LegoGraph", "LegoModel", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // A small app that links the runtime as a library (used by `record -- COMMAND`).
        .executableTarget(name: "lego-example", dependencies: ["LegoRuntime"]),
        // Throughput and memory benchmarks; run in release mode.
        .executableTarget(name: "lego-bench", dependencies: ["LegoTraceApp", "LegoTestSupport"]),
        .target(name: "LegoTestSupport", dependencies: ["LegoModel", "LegoTraceIO"], path: "Tests/LegoTestSupport"),
        .target(name: "LegoGoldenSupport", path: "Tests/LegoGoldenSupport"),
        .testTarget(name: "LegoModelTests", dependencies: ["LegoModel"]),
        .testTarget(name: "LegoTraceIOTests", dependencies: ["LegoTraceIO", "LegoTestSupport"]),
        .testTarget(name: "LegoRuntimeCoreTests", dependencies: ["LegoRuntimeCore"]),
        .testTarget(name: "QFMoudleRuntimeTests", dependencies: ["QFMoudleRuntime", "LegoReplay", "LegoTestSupport"]),
        .testTarget(name: "LegoRuntimeTests", dependencies: ["LegoRuntime", "LegoReplay", "LegoTestSupport"]),
        .testTarget(name: "NNModuleRuntimeTests", dependencies: ["NNModuleRuntime", "LegoReplay", "LegoTestSupport"]),
        .testTarget(name: "LegoScenarioTests", dependencies: ["LegoScenario", "LegoReplay", "LegoAnalysis", "LegoTestSupport"]),
        .testTarget(name: "LegoReplayTests", dependencies: ["LegoReplay", "LegoTestSupport"]),
        .testTarget(name: "LegoAnalysisTests", dependencies: ["LegoAnalysis", "LegoScenario", "NNModuleRuntime", "LegoTestSupport"]),
        .testTarget(name: "LegoReportTests", dependencies: ["LegoReport", "LegoScenario", "LegoTestSupport", "LegoGoldenSupport"]),
        .testTarget(name: "LegoImportTests", dependencies: ["LegoImport", "LegoAnalysis", "LegoRuntime", "LegoTestSupport", "LegoModel"], exclude: ["Fixtures"]),
        .testTarget(name: "LegoGraphTests", dependencies: ["LegoGraph", "LegoRender", "LegoScenario", "LegoTestSupport", "LegoGoldenSupport"], exclude: ["Golden"]),
        .testTarget(name: "LegoScanTests", dependencies: ["LegoScan", "LegoScenario", "LegoTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "LegoRenderTests", dependencies: ["LegoRender"]),
        .testTarget(name: "LegoPageTests", dependencies: ["LegoPage", "LegoRender", "LegoScenario", "LegoTestSupport"]),
        .testTarget(name: "LegoTraceAppTests", dependencies: [
            "LegoTraceApp", "LegoTestSupport", "LegoGoldenSupport", .product(name: "Yams", package: "Yams"),
        ], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
