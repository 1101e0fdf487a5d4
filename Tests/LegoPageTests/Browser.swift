import Foundation
import Testing

/// Debian's chromium in headless mode, for tests that load the HTML report in a real browser.
enum Browser {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The chromium binary, installed by `scripts/install-chromium.sh` on first use when missing; nil when it
    /// cannot be (`unavailableReason` says why).
    static let executable: String? = {
        if let found = find() { return found }
        let install = Process()
        install.executableURL = URL(fileURLWithPath: "/bin/bash")
        install.arguments = [repository.appendingPathComponent("scripts/install-chromium.sh").path]
        do { try install.run() } catch { return nil }
        install.waitUntilExit()
        return install.terminationStatus == 0 ? find() : nil
    }()

    /// Why the browser tests are skipped.
    static let unavailableReason: Comment = "chromium is not installed and scripts/install-chromium.sh could not install it: browser tests skipped"

    private static func find() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (path.split(separator: ":").map(String.init) + ["/usr/bin"]).map { $0 + "/chromium" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// What chromium printed, and how long it ran.
    struct Run {
        var stdout: String
        var stderr: String
        var seconds: Double
    }

    /// Runs headless chromium on `page` (a file, with an optional `#fragment`) with `arguments` such as
    /// `--dump-dom` or `--screenshot=PATH`; kills it after `timeout` seconds.
    static func run(_ page: URL, fragment: String = "", arguments: [String], timeout: Double = 90) throws -> Run {
        guard let executable else { throw BrowserError("no chromium") }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("lego-chromium-\(UUID().uuidString)")
        let errorFile = profile.appendingPathExtension("stderr")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else { throw BrowserError("cannot create \(errorFile.path)") }
        defer {
            try? FileManager.default.removeItem(at: profile)
            try? FileManager.default.removeItem(at: errorFile)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        // --no-sandbox: the tests run as root in containers, where chromium's sandbox cannot start.
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                             "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0"]
            + arguments + [page.absoluteString + fragment]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        let started = Date()
        try process.run()
        let deadline = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.cancel()
        let seconds = Date().timeIntervalSince(started)
        let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return Run(stdout: String(decoding: stdout, as: UTF8.self), stderr: stderr, seconds: seconds)
    }

    /// The attributes of the page's status element (`<output id="lego-status" data-…>`) in a DOM dump.
    static func status(in dom: String) -> [String: String] {
        guard let start = dom.range(of: "<output id=\"lego-status\""), let end = dom[start.upperBound...].range(of: ">") else { return [:] }
        var attributes: [String: String] = [:]
        let text = String(dom[start.upperBound..<end.lowerBound])
        let pattern = try! NSRegularExpression(pattern: "([a-z-]+)=\"([^\"]*)\"")
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            attributes[String(text[Range(match.range(at: 1), in: text)!])] = String(text[Range(match.range(at: 2), in: text)!])
        }
        if dom[end.upperBound...].hasPrefix("ready") { attributes["ready"] = "true" }
        return attributes
    }
}

struct BrowserError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
