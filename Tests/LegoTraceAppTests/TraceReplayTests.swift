import Foundation
import LegoAnalysis
import LegoTestSupport
import Testing
@testable import LegoTraceApp

/// The threaded read path of `check` and `graph` must give exactly what the one-thread path gives.
@Suite struct TraceReplayTests {
    private let console = Console(writeOut: { _ in }, writeError: { _ in })

    /// Checks `path` with one prefetch policy; returns the result, the read error, the warnings and where two seqs lie.
    private func check(_ path: String, prefetch: TraceReplay.PrefetchPolicy, lenient: Bool = false)
        throws -> (result: AnalysisResult, error: String?, warnings: [String], lines: [Int?]) {
        let replay = try TraceReplay(path: path, options: .init(lenient: lenient), console: console, prefetch: prefetch)
        let session = Analyzer().makeSession(header: replay.header)
        let error = replay.run(session.replayer)
        return (session.result(), error?.description, replay.warnings, [replay.lineMap.line(of: 1), replay.lineMap.line(of: 9_000)])
    }

    @Test func prefetchingFindsExactlyWhatOneThreadFinds() throws {
        let directory = try CommandRunner()
        defer { directory.cleanUp() }
        let path = directory.path("synthetic.jsonl")
        try SyntheticTrace.write(events: 20_000, to: path)
        let threaded = try check(path, prefetch: .always)
        let sequential = try check(path, prefetch: .never)
        #expect(!threaded.result.findings.isEmpty, "the synthetic journey leaks, so the comparison means something")
        #expect(threaded.result == sequential.result)
        #expect(threaded.result.eventCount == 20_000, "the end marker is not an event of the app")
        #expect(threaded.lines == [2, 9_001])
        #expect(threaded.error == nil && threaded.warnings.isEmpty)
    }

    @Test func prefetchingStopsAtAMalformedLineWithTheEventsBeforeItKept() throws {
        let directory = try CommandRunner()
        defer { directory.cleanUp() }
        let path = directory.path("synthetic.jsonl")
        try SyntheticTrace.write(events: 12_000, to: path)
        var lines = try directory.read("synthetic.jsonl").split(separator: "\n", omittingEmptySubsequences: false)
        lines[10_001] = "{\"seq\":10001,\"kind\":"
        try directory.write("synthetic.jsonl", lines.joined(separator: "\n"))

        let threaded = try check(path, prefetch: .always)
        let sequential = try check(path, prefetch: .never)
        #expect(threaded.error == "\(path):10002: expected a string at column 21, found end of line")
        #expect(threaded.error == sequential.error)
        #expect(threaded.result == sequential.result)
        #expect(threaded.result.eventCount == 10_000)

        let lenient = try check(path, prefetch: .always, lenient: true)
        #expect(lenient.error == nil)
        #expect(lenient.result.eventCount == 11_999, "12,000 events less the malformed line; the end marker is not counted")
        #expect(lenient.warnings == (try check(path, prefetch: .never, lenient: true)).warnings)
    }
}
