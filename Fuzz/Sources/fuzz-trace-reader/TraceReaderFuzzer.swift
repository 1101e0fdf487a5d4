import FuzzSupport
import LegoAnalysis
import LegoModel
import LegoTraceIO

/// Reads the input as a trace file strictly, leniently and with read-ahead, checks that the readings agree,
/// writes what was read back out and reads it again, and runs the detectors over it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceReader(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let input = FuzzInput(data, count)
    TraceReaderFuzzer.input.write(input.bytes)
    TraceReaderFuzzer.check(path: TraceReaderFuzzer.input.path)
    return 0
}

/// The trace reader's invariants, checked on one file.
@main
enum TraceReaderFuzzer {
    /// Hands the process to libFuzzer, which calls `fuzzTraceReader` with each input.
    static func main() { FuzzDriver.run(fuzzTraceReader) }

    /// The fuzz input as a trace file.
    static let input = ScratchFile(harness: "fuzz-trace-reader", suffix: ".jsonl")
    /// What was read, encoded again by the writer's encoder.
    static let rewritten = ScratchFile(harness: "fuzz-trace-reader", suffix: ".rewritten.jsonl")
    // Tiny batches so a few-line input already crosses batch boundaries and waits on a full channel.
    static let readAhead = TraceReader.ReadMode.prefetching(batchSize: 2, depth: 2)

    /// Everything one reading of a trace produced.
    struct Reading: Equatable {
        var header: TraceHeader?
        var events: [TraceEvent] = []
        var lines: [Int] = []
        var error: TraceIOError?
        var diagnostics: TraceReader.Diagnostics?
    }

    /// Reads the whole trace at `path` one way, keeping everything the reader returned or threw.
    static func read(_ path: String, lenient: Bool, mode: TraceReader.ReadMode) -> Reading {
        var reading = Reading()
        let reader: TraceReader
        do {
            reader = try TraceReader(path: path, options: .init(lenient: lenient))
        } catch {
            reading.error = error
            return reading
        }
        reading.header = reader.header
        do {
            try reader.forEach(mode: mode) { event, line in
                reading.events.append(event)
                reading.lines.append(line)
                return true
            }
        } catch {
            reading.error = error
        }
        reading.diagnostics = reader.diagnostics
        return reading
    }

    /// Checks every invariant on the trace at `path`, stopping the process at the first that fails.
    static func check(path: String) {
        let strict = read(path, lenient: false, mode: .sequential)
        let lenient = read(path, lenient: true, mode: .sequential)
        for error in [strict.error, lenient.error].compactMap(\.self) {
            Invariant.requireOneLine(error.description, naming: path)
        }

        // The header decides alone whether a file is a trace, in either mode.
        Invariant.require(strict.header == lenient.header, "strict and lenient read different headers")
        guard let header = lenient.header else {
            Invariant.require(strict.error == lenient.error, "strict and lenient refuse the header differently: \(String(describing: strict.error)) / \(String(describing: lenient.error))")
            return
        }
        Invariant.require(lenient.error == nil, "lenient read failed after a valid header: \(lenient.error!)")

        if let error = strict.error {
            // Both modes read alike up to the first bad line: there strict stops and lenient skips.
            guard case .malformed(_, let line, _) = error else { Invariant.fail("strict read failed other than on a malformed line: \(error)") }
            Invariant.require(lenient.events.starts(with: strict.events) && lenient.lines.starts(with: strict.lines),
                              "the events strict read before its error are not the first events lenient read")
            Invariant.require(lenient.diagnostics?.skippedLines.first?.line == line,
                              "strict failed on line \(line) but lenient skipped \(String(describing: lenient.diagnostics?.skippedLines.first)) first")
        } else {
            Invariant.require(strict == lenient, "strict read succeeded but lenient read something else")
        }

        Invariant.require(zip(lenient.events, lenient.events.dropFirst()).allSatisfy { $0.seq < $1.seq }, "events out of seq order")
        // Strict only: read-ahead hands over what the shared line-by-line state produced, and strict also carries an error across.
        Invariant.require(read(path, lenient: false, mode: readAhead) == strict, "read-ahead differs from sequential reading")

        checkRoundTrip(header: header, events: lenient.events)
        _ = Analyzer.analyze(header: header, events: lenient.events)
    }

    /// What the reader returned, encoded by the writer's encoder, reads back strictly as the same lines.
    static func checkRoundTrip(header: TraceHeader, events: [TraceEvent]) {
        var bytes: [UInt8] = []
        TraceEncoding.encode(header, into: &bytes)
        for event in events { TraceEncoding.encode(event, into: &bytes) }
        rewritten.write(bytes)
        let again = read(rewritten.path, lenient: false, mode: .sequential)
        if let error = again.error { Invariant.fail("a rewritten trace does not read back: \(error)") }
        Invariant.require(again.header == header, "the rewritten header reads back as \(String(describing: again.header)), not \(header)")
        Invariant.require(again.events.count == events.count, "\(events.count) rewritten events read back as \(again.events.count)")
        for (original, reread) in zip(events, again.events) where TraceEncoding.line(for: original) != TraceEncoding.line(for: reread) {
            Invariant.fail("event seq \(original.seq) changes when written and read back: \(String(decoding: TraceEncoding.line(for: original), as: UTF8.self))")
        }
    }
}
