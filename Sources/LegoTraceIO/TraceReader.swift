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
        /// The default longest line: 64 MiB, far beyond any real event, small enough to allocate anywhere.
        public static let defaultMaxLineBytes = 64 << 20

        /// Skip and count malformed or out-of-order lines instead of throwing.
        public var lenient: Bool
        /// The longest line read; a longer one is malformed (skipped when lenient) and never held in memory.
        public var maxLineBytes: Int

        /// Creates options; strict by default.
        public init(lenient: Bool = false, maxLineBytes: Int = defaultMaxLineBytes) {
            self.lenient = lenient
            self.maxLineBytes = maxLineBytes
        }
    }

    /// The trace's first line.
    public let header: TraceHeader
    /// The line number of the event last returned by `next()` (the header is line 1).
    public var lineNumber: Int {
        precondition(!isPrefetching, Self.misuse)
        return state.sequencer.lineNumber
    }
    /// What was skipped or tolerated so far.
    public var diagnostics: Diagnostics {
        precondition(!isPrefetching, Self.misuse)
        return state.sequencer.diagnostics
    }

    /// Whether the trace is a regular file: only then may `forEach` read ahead, since a pipe would block it.
    let isRegularFile: Bool
    /// True while a reading thread owns the reader (`forEach(mode: .prefetching)`).
    @exclusivity(unchecked)
    var isPrefetching = false
    static let misuse = "TraceReader used from the body of forEach(mode: .prefetching); use its line argument"
    /// Fixed splits for the batches of the next prefetching pass, taken in turn, instead of `SplitBalance`'s moving one
    /// (tests: every kind of line on either side of a split, whatever the timing); nil in use.
    var splitSchedule: [Int]?
    /// How the split stood when the last prefetching pass ended: lines of a batch the reading thread parsed (tests).
    var lastSplit: SplitBalance?

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    // All mutable state lives in one struct so a call to `next()` makes one exclusivity-checked access
    // to the class instead of one per field (measured: ~10% of reading time).
    @exclusivity(unchecked)
    var state: ReaderState

    /// Opens the trace at `path` (`-` is standard input) and reads its header.
    public convenience init(path: String, options: Options = .init()) throws(TraceIOError) {
        if path == "-" {
            try self.init(descriptor: 0, owns: false, name: "standard input", options: options)
            return
        }
        try self.init(descriptor: try Self.openForReading(path), owns: true, name: path, options: options)
    }

    /// Reads the trace of `input`, starting with the bytes already read from it.
    public convenience init(_ input: PeekedInput, options: Options = .init()) throws(TraceIOError) {
        try self.init(descriptor: input.descriptor, owns: input.handOff(), name: input.name, options: options, prefix: input.head)
    }

    /// Opens `path` read-only, or throws a one-line error (missing, not permitted, a directory).
    static func openForReading(_ path: String) throws(TraceIOError) -> Int32 {
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
        return descriptor
    }

    /// Reads a trace from an open descriptor (a pipe or standard input), which the reader never closes; `name` is used in messages.
    public convenience init(fileDescriptor: Int32, name: String, options: Options = .init()) throws(TraceIOError) {
        try self.init(descriptor: fileDescriptor, owns: false, name: name, options: options)
    }

    private init(descriptor: Int32, owns: Bool, name: String, options: Options, prefix: [UInt8] = []) throws(TraceIOError) {
        self.descriptor = descriptor
        self.ownsDescriptor = owns
        var status = stat()
        isRegularFile = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        var source = LineSource(descriptor: descriptor, maxLineBytes: options.maxLineBytes, prefix: prefix)
        do throws(TraceIOError) {
            let first: LineSource.Line?
            do {
                first = try source.nextLine()
            } catch {
                throw TraceIOError.readFailed(file: name, reason: error.reason)
            }
            guard let first else { throw TraceIOError.invalidHeader(file: name, reason: "empty file, not a lego-trace trace") }
            if first.tooLong { throw TraceIOError.invalidHeader(file: name, reason: Self.tooLongReason(options.maxLineBytes)) }
            header = try HeaderParser.parse(first.bytes, file: name)
        } catch {
            source.deallocate()
            if owns { closeReaderDescriptor(descriptor) }
            throw error
        }
        state = ReaderState(file: name, options: options, source: source)
    }

    deinit {
        state.source.deallocate()
        if ownsDescriptor { closeReaderDescriptor(descriptor) }
    }

    /// The next event, or nil at the end of the trace.
    public func next() throws(TraceIOError) -> TraceEvent? {
        precondition(!isPrefetching, Self.misuse)
        var event = EventLineParser.blankEvent
        return try state.next(into: &event) ? event : nil
    }

    /// Reads the next event into `event` (reusing its storage); false at the end of the trace.
    ///
    /// The streaming loops of `check` and `graph` use this form: returning a ~300-byte optional struct
    /// through each layer cost ~10% of a check in copies (perf, 1M events).
    public func next(into event: inout TraceEvent) throws(TraceIOError) -> Bool {
        precondition(!isPrefetching, Self.misuse)
        return try state.next(into: &event)
    }

    /// Why a line past `limit` bytes is refused: `line longer than 64 MiB (the limit; raise it with --max-line-bytes)`.
    public static func tooLongReason(_ limit: Int) -> String {
        let size = limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : limit % 1024 == 0 ? "\(limit >> 10) KiB" : "\(limit) bytes"
        return "line longer than \(size) (the limit; raise it with --max-line-bytes)"
    }

    /// Reads a whole trace into memory (for tests and small traces; use `next()` to stream).
    public static func readAll(path: String, options: Options = .init()) throws(TraceIOError) -> (header: TraceHeader, events: [TraceEvent], diagnostics: Diagnostics) {
        let reader = try TraceReader(path: path, options: options)
        var events: [TraceEvent] = []
        while let event = try reader.next() { events.append(event) }
        return (reader.header, events, reader.diagnostics)
    }
}

/// Everything `TraceReader.next()` changes, kept together in one struct.
struct ReaderState {
    var source: LineSource
    var parser = EventLineParser()
    /// The number of the line last read from `source` (the header is line 1).
    var currentLine = 1
    var sequencer: LineSequencer

    init(file: String, options: TraceReader.Options, source: LineSource) {
        self.source = source
        sequencer = LineSequencer(file: file, options: options)
    }

    mutating func next(into event: inout TraceEvent) throws(TraceIOError) -> Bool {
        guard !sequencer.finished else { return false }
        while true {
            guard let line = try nextLine() else {
                sequencer.finished = true
                return false
            }
            let parsed = ParsedLine.parse(line, with: &parser, into: &event)
            switch try sequencer.accept(parsed, line: currentLine, seq: event.seq) {
            case .deliver: return true
            case .skip: continue
            case .finish: return false
            }
        }
    }

    /// The next line from `source`, counted in `currentLine`; nil at the end.
    @inline(__always)
    mutating func nextLine() throws(TraceIOError) -> LineSource.Line? {
        let line: LineSource.Line?
        do {
            line = try source.nextLine()
        } catch {
            throw .readFailed(file: sequencer.file, reason: error.reason)
        }
        if line != nil { currentLine += 1 }
        return line
    }
}

private func closeReaderDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
