// swift-tools-version: 5.9
// SPDX-License-Identifier: MIT
// LegoTraceRecorder for iOS apps: Objective-C, no dependency (it finds XFLegoVIPER's classes at run time).
// SwiftPM compiles Objective-C targets with ARC. See docs/recorder.md for adding it to an app.
import PackageDescription

let package = Package(
    name: "LegoTraceRecorder",
    platforms: [.iOS(.v12)],
    products: [
        .library(name: "LegoTraceRecorder", targets: ["LegoTraceRecorder"]),
    ],
    targets: [
        .target(name: "LegoTraceRecorder", path: "LegoTraceRecorder", publicHeadersPath: "include"),
    ]
)
