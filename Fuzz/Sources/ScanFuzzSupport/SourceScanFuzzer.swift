import Foundation
import FuzzSupport
import LegoScan

/// Scans one fuzzed source file alone in a scratch folder, as `lego-trace scan` would, and checks what comes back.
public struct SourceScanFuzzer: Sendable {
    /// The file's name inside the folder: every warning and finding must point into it.
    public let fileName: String
    private let folder: ScratchFile

    /// A scanner for `harness`, whose input is the file `fileName` (`App.m`, `App.swift`).
    public init(harness: String, fileName: String) {
        self.fileName = fileName
        folder = ScratchFile(harness: harness, suffix: ".d")
        try? FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
    }

    /// The QFMoudle scanner on the same file: findings point into it, and the model is JSON.
    private func checkQFMoudle() {
        guard let outcome = try? AppScanner.scan(directory: folder.path, with: QFScanner()) else { return }
        let findings = QFStaticAnalyzer.analyze(outcome.app).findings
        for finding in findings {
            let file = finding.location?.sourceLocation.file
            Invariant.require(file == nil || file == fileName, "a QFMoudle finding points at \(file.debugDescription)")
        }
        let model = outcome.app.modelJSON(source: fileName, findings: findings)
        Invariant.require((try? JSONSerialization.jsonObject(with: Data(model.utf8))) != nil, "the QFMoudle scan model is not JSON")
        _ = outcome.app.scenario(appName: fileName)
        _ = outcome.app.moduleGraph(findings: findings)
    }

    /// Checks every invariant on one input, stopping the process at the first that fails.
    public func check(_ bytes: UnsafeRawBufferPointer) {
        ScratchFile(path: folder.path + "/" + fileName).write(bytes)
        // What a file under Pods/ registers, read on its bytes (NNModule-swift's vendored reading).
        let language: SourceTree.Language = fileName.hasSuffix(".swift") ? .swift : .objectiveC
        for name in NNScanner.registeredServices(in: Array(bytes), language: language) {
            Invariant.require(!name.isEmpty && !name.hasSuffix("."), "a vendored registration names \(name.debugDescription)")
        }
        checkNNModule()
        checkQFMoudle()
        let outcome: AppScanner.Outcome
        do {
            outcome = try AppScanner.scan(directory: folder.path)
        } catch {
            // No framework code in the file is the common, correct answer; whatever the error, it is one line.
            Invariant.require(!Invariant.breaksLine(error.description), "scan error is not one line: \(error.description.debugDescription)")
            return
        }
        Invariant.require(outcome.fileCount == 1, "one file scanned as \(outcome.fileCount)")
        for warning in outcome.warnings {
            Invariant.require(warning.location.file == fileName, "a warning points at \(warning.location.file.debugDescription)")
            Invariant.require(warning.location.line >= 1 && warning.location.column >= 1, "a warning at line \(warning.location.line)")
            Invariant.require(!Invariant.breaksLine(warning.message), "warning is not one line: \(warning.message.debugDescription)")
        }
        let app = outcome.app
        let findings = StaticAnalyzer.analyze(app).findings
        for finding in findings {
            let file = finding.location?.sourceLocation.file
            Invariant.require(file == nil || file == fileName, "a finding points at \(file.debugDescription)")
        }
        // The model JSON `scan --model` writes reads back as the same graph `scan --graph` draws.
        let model = app.modelJSON(source: fileName, findings: findings)
        guard let read = StaticGraph(modelJSON: Data(model.utf8)) else { Invariant.fail("the scan model does not read back") }
        Invariant.require(read.moduleGraph == StaticGraph(app: app, findings: findings).moduleGraph,
                          "the scan model draws another graph than the scan")
    }

    /// The same file read as an NNModule-swift app: warnings and findings point into it, the model is JSON, the
    /// scenario is one line per entry (names escaped).
    private func checkNNModule() {
        let outcome: ScanOutcome<NNScannedApp>
        do {
            outcome = try AppScanner.scan(directory: folder.path, with: NNScanner())
        } catch {
            Invariant.require(!Invariant.breaksLine(error.description), "scan error is not one line: \(error.description.debugDescription)")
            return
        }
        for warning in outcome.warnings {
            Invariant.require(warning.location.file == fileName, "an NNModule warning points at \(warning.location.file.debugDescription)")
        }
        let findings = outcome.app.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 1).findings
        for finding in findings {
            let file = finding.location?.sourceLocation.file
            Invariant.require(file == nil || file == fileName, "an NNModule finding points at \(file.debugDescription)")
        }
        let model = outcome.app.modelJSON(source: fileName, findings: findings)
        Invariant.require((try? JSONSerialization.jsonObject(with: Data(model.utf8))) != nil, "the NNModule model is not JSON")
        _ = outcome.app.scenario(appName: "App")
        _ = outcome.app.moduleGraph(findings: findings)
    }
}
