#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LegoModel

/// Reads a JSON Lines trace one event at a time in constant memory.
///
/// The header is read and checked by the initializer. `next()` returns events in file order and
/// enforces strictly increasing `seq`; problems are reported as one-line `TraceIOError`s naming the
/// file and line, or (in lenient mode) skipped and counted in `diagnostics`. Unknown kinds from newer
/// producers are always skipped and counted, and an unparsable last line without a newline (a trace
/// cut off mid-write) is recorded in `diagnostics.truncatedLastLine` instead of failing.
public final class TraceReader {
    /// How strict the reader is.
    public struct Options: Sendable, Hashable {
        /// Skip and count malformed or out-of-order lines instead of throwing.
        public var lenient: Bool
        /// Creates options; strict by default.
        public init(lenient: Bool = false) { self.lenient = lenient }
    }

    /// The trace's first line.
    public let header: TraceHeader
    /// The line number of the event last returned by `next()` (the header is line 1).
    public private(set) var lineNumber = 1
    /// What was skipped or tolerated so far.
    public private(set) var diagnostics = Diagnostics()

    private let file: String
    private let options: Options
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var source: LineSource
    private var parser = EventLineParser()
    private var currentLine = 1
    private var lastSeq: UInt64 = 0
    private var finished = false

    /// Opens the trace at `path` and reads its header.
    public convenience init(path: String, options: Options = .init()) throws(TraceIOError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            let reason = switch code {
            case ENOENT: "no such file"
            case EACCES, EPERM: "permission denied"
            default: String(cString: strerror(code))
            }
            throw .cannotOpen(file: path, reason: reason)
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            closeReaderDescriptor(descriptor)
            throw .cannotOpen(file: path, reason: "it is a directory, not a trace file")
        }
        try self.init(descriptor: descriptor, owns: true, name: path, options: options)
    }

    /// Reads a trace from an open descriptor (a pipe or standard input), which the reader never closes; `name` is used in messages.
    public convenience init(fileDescriptor: Int32, name: String, options: Options = .init()) throws(TraceIOError) {
        try self.init(descriptor: fileDescriptor, owns: false, name: name, options: options)
    }

    private init(descriptor: Int32, owns: Bool, name: String, options: Options) throws(TraceIOError) {
        self.file = name
        self.options = options
        self.descriptor = descriptor
        self.ownsDescriptor = owns
        var source = LineSource(descriptor: descriptor)
        do throws(TraceIOError) {
            let first: LineSource.Line?
            do {
                first = try source.nextLine()
            } catch {
                throw TraceIOError.readFailed(file: name, reason: error.reason)
            }
            guard let first else { throw TraceIOError.invalidHeader(file: name, reason: "empty file, not a lego-trace trace") }
            header = try HeaderParser.parse(first.bytes, file: name)
        } catch {
            source.deallocate()
            if owns { closeReaderDescriptor(descriptor) }
            throw error
        }
        self.source = source
    }

    deinit {
        source.deallocate()
        if ownsDescriptor { closeReaderDescriptor(descriptor) }
    }

    /// The next event, or nil at the end of the trace.
    public func next() throws(TraceIOError) -> TraceEvent? {
        guard !finished else { return nil }
        while true {
            let line: LineSource.Line
            do {
                guard let next = try source.nextLine() else {
                    finished = true
                    return nil
                }
                line = next
            } catch {
                throw .readFailed(file: file, reason: error.reason)
            }
            currentLine += 1
            let outcome: EventLineParser.Outcome
            do {
                outcome = try parser.parse(line.bytes)
            } catch {
                if !line.terminated {
                    // The writer was cut off mid-line: tolerated, and reported.
                    diagnostics.truncatedLastLine = currentLine
                    finished = true
                    return nil
                }
                try skipOrThrow(error.reason)
                continue
            }
            switch outcome {
            case .blank:
                continue
            case .unknownKind(let kind, let seq):
                guard try checkOrder(seq) else { continue }
                diagnostics.unknownKinds[kind, default: 0] += 1
            case .event(let event):
                guard try checkOrder(event.seq) else { continue }
                lineNumber = currentLine
                return event
            }
        }
    }

    /// Reads a whole trace into memory (for tests and small traces; use `next()` to stream).
    public static func readAll(path: String, options: Options = .init()) throws(TraceIOError) -> (header: TraceHeader, events: [TraceEvent], diagnostics: Diagnostics) {
        let reader = try TraceReader(path: path, options: options)
        var events: [TraceEvent] = []
        while let event = try reader.next() { events.append(event) }
        return (reader.header, events, reader.diagnostics)
    }

    // MARK: - Helpers

    private func checkOrder(_ seq: UInt64) throws(TraceIOError) -> Bool {
        guard seq > lastSeq else {
            try skipOrThrow("out-of-order seq \(seq) after \(lastSeq)")
            return false
        }
        lastSeq = seq
        return true
    }

    private func skipOrThrow(_ reason: String) throws(TraceIOError) {
        guard options.lenient else { throw .malformed(file: file, line: currentLine, reason: reason) }
        diagnostics.skippedLineCount += 1
        if diagnostics.skippedLines.count < Diagnostics.keptSkippedLines {
            diagnostics.skippedLines.append(.init(line: currentLine, reason: reason))
        }
    }
}

private func closeReaderDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
