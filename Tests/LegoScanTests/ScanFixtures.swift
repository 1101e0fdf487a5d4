import Foundation
@testable import LegoScan

/// Paths of the always-run fixtures and of the shared corpus app.
enum ScanFixtures {
    /// `Fixtures/<name>` next to this file.
    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }

    /// The package root (two levels above this folder).
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// `../shared/corpora/XFLegoVIPERExample` relative to the package root, when present (absent in a user's clone).
    static var corpusApp: String? {
        let path = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora/XFLegoVIPERExample").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The fixture app, scanned.
    static func fixtureApp() throws -> AppScanner.Outcome {
        try AppScanner.scan(directory: path("BDJApp"))
    }

    /// An app made of source snippets by file name (`.swift` read as Swift, anything else as Objective-C).
    static func app(_ files: [String: String]) -> ScannedApp {
        var facts = ScanFacts()
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            facts.append(AppScanner.read(bytes: Array(text.utf8), file: name, language: name.hasSuffix(".swift") ? .swift : .objectiveC))
        }
        return ScannedApp(facts: facts)
    }

    /// Facts of one Objective-C snippet.
    static func objc(_ text: String, file: String = "Snippet.m") -> ScanFacts {
        ObjCReader.read(bytes: Array(text.utf8), file: file)
    }
}

extension ScannedApp {
    /// `from -> to` for every transition of `kind`, in file order (`-` for app-level code or no target).
    func edges(_ kind: ScanFacts.Transition.Kind) -> [String] {
        transitions.filter { $0.fact.kind == kind }.map { "\($0.fromModule ?? "-") -> \($0.toModule ?? "-")" }
    }
}
