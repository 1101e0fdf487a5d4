import FuzzSupport
import LegoAnalysis
import LegoImport
import LegoModel
import LegoTraceIO

/// Imports the input as a console log; an import that succeeds must be a well-formed trace that reads back
/// exactly as imported and that the detectors can check.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    ImportFuzzer.check(Array(FuzzInput(data, count).bytes))
    return 0
}

/// The importer's invariants, checked on one console log.
@main
enum ImportFuzzer {
    /// Hands the process to libFuzzer, which calls `fuzzImport` with each input.
    static func main() { FuzzDriver.run(fuzzImport) }

    /// The name the log is imported under, which every error must start with.
    static let name = "fuzz.log"
    /// Where the imported trace is written, as `lego-trace import -o` writes it.
    static let output = ScratchFile(harness: "fuzz-import", suffix: ".jsonl")

    /// Checks every invariant on one input, stopping the process at the first that fails.
    static func check(_ bytes: [UInt8]) {
        let result: ImportResult
        do {
            result = try ConsoleImporter().importLog(bytes: bytes, name: name)
        } catch {
            Invariant.requireOneLine(error.description, naming: name)
            return
        }
        let events = result.events
        Invariant.require(events.enumerated().allSatisfy { $0.element.seq == UInt64($0.offset + 1) }, "imported seqs are not 1...\(events.count)")
        Invariant.require(events.allSatisfy { $0.time.isFinite && $0.time >= 0 }, "an imported event has a negative or non-finite time")
        Invariant.require(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time }, "imported times go back")
        Invariant.require(result.stats.events == events.count, "stats count \(result.stats.events) events, the trace has \(events.count)")
        for warning in result.warnings {
            Invariant.require(warning.lines.lowerBound >= 1 && warning.lines.upperBound <= result.stats.linesRead,
                              "warning lines \(warning.lines) outside the log's \(result.stats.linesRead) lines")
            Invariant.require(!Invariant.breaksLine(warning.description), "warning is not one line: \(warning.description.debugDescription)")
        }

        do {
            try result.write(to: output.path)
        } catch {
            Invariant.fail("cannot write the imported trace: \(error)")
        }
        let reread: (header: TraceHeader, events: [TraceEvent], diagnostics: TraceReader.Diagnostics)
        do {
            reread = try TraceReader.readAll(path: output.path)
        } catch {
            Invariant.fail("the imported trace does not read back: \(error)")
        }
        Invariant.require(reread.header == result.header, "the imported header reads back as \(reread.header), not \(result.header)")
        Invariant.require(reread.diagnostics.isClean, "reading the imported trace back skipped something: \(reread.diagnostics)")
        Invariant.require(reread.events.count == events.count, "\(events.count) imported events read back as \(reread.events.count)")
        // Times are written rounded to the microsecond, so events are compared as the writer encodes them.
        for (imported, read) in zip(events, reread.events) where TraceEncoding.line(for: imported) != TraceEncoding.line(for: read) {
            Invariant.fail("imported event seq \(imported.seq) changes when written and read back: \(String(decoding: TraceEncoding.line(for: imported), as: UTF8.self))")
        }
        _ = Analyzer.analyze(header: result.header, events: events)
    }
}
