import LegoModel

/// What one line of a trace turned out to be on its own, before the reader's order and leniency rules apply.
///
/// Parsing a line needs nothing from the lines before it, so `forEach(mode: .prefetching)` parses some lines on
/// the reading thread and the rest on the caller's; `LineSequencer` then applies the rules in file order.
struct ParsedLine {
    /// The line's shape.
    enum Outcome {
        /// A complete event of a known kind, now in the event parsed into.
        case event
        /// A well-formed event of a kind this version does not know; the event's `seq` is set.
        case unknownKind(String)
        /// Only whitespace.
        case blank
        /// Not an event, for `reason`; `terminated` is false for a last line without a newline (a cut-off write).
        case malformed(reason: String, terminated: Bool)
        /// Longer than the reader's `maxLineBytes`; its bytes were never held.
        case tooLong
    }

    /// The line's shape.
    var outcome: Outcome
    /// Whether a string of a well-formed line was invalid UTF-8 (read with U+FFFD in its place).
    var repairedInvalidUTF8 = false

    /// A placeholder for a batch slot not yet filled.
    static let blank = ParsedLine(outcome: .blank)

    /// Parses `line` into `event` with `parser` (whose string cache makes it per thread).
    @inline(__always)
    static func parse(_ line: LineSource.Line, with parser: inout EventLineParser, into event: inout TraceEvent) -> ParsedLine {
        if line.tooLong { return ParsedLine(outcome: .tooLong) }
        EventLineParser.clear(&event)
        do {
            let outcome = try parser.parse(line.bytes, into: &event)
            let repaired = parser.takeRepairedInvalidUTF8()
            return switch outcome {
            case .event: ParsedLine(outcome: .event, repairedInvalidUTF8: repaired)
            case .unknownKind(let kind): ParsedLine(outcome: .unknownKind(kind), repairedInvalidUTF8: repaired)
            case .blank: ParsedLine(outcome: .blank, repairedInvalidUTF8: repaired)
            }
        } catch {
            // A line that fails is reported for its error; what it repaired must not be blamed on the next one.
            _ = parser.takeRepairedInvalidUTF8()
            return ParsedLine(outcome: .malformed(reason: error.reason, terminated: line.terminated))
        }
    }
}

/// The reader's rules over parsed lines, in file order: strictly increasing `seq`, lenient skipping, diagnostics.
struct LineSequencer {
    /// What to do with a line once its rules are applied.
    enum Step {
        /// Hand its event on.
        case deliver
        /// Go on with the next line.
        case skip
        /// The trace ends here (a cut-off last line).
        case finish
    }

    let file: String
    let options: TraceReader.Options
    /// The line number of the event last delivered (the header is line 1).
    var lineNumber = 1
    var lastSeq: UInt64 = 0
    /// Set once the trace has ended.
    var finished = false
    var diagnostics = TraceReader.Diagnostics()

    init(file: String, options: TraceReader.Options) {
        self.file = file
        self.options = options
    }

    /// Applies the rules to line number `line`, parsed as `parsed` with `seq` as its event's `seq`.
    @inline(__always)
    mutating func accept(_ parsed: ParsedLine, line: Int, seq: UInt64) throws(TraceIOError) -> Step {
        switch parsed.outcome {
        case .event:
            if parsed.repairedInvalidUTF8 { noteRepaired(line) }
            guard try checkOrder(seq, line) else { return .skip }
            lineNumber = line
            return .deliver
        case .unknownKind(let kind):
            if parsed.repairedInvalidUTF8 { noteRepaired(line) }
            guard try checkOrder(seq, line) else { return .skip }
            // Bounded so a hostile file of ever-new kind names cannot grow memory without limit.
            let key = diagnostics.unknownKinds.count < TraceReader.Diagnostics.keptUnknownKinds || diagnostics.unknownKinds[kind] != nil
                ? kind : TraceReader.Diagnostics.otherUnknownKinds
            diagnostics.unknownKinds[key, default: 0] += 1
            return .skip
        case .blank:
            if parsed.repairedInvalidUTF8 { noteRepaired(line) }
            return .skip
        case .malformed(_, terminated: false):
            // The writer was cut off mid-line: tolerated, and reported.
            diagnostics.truncatedLastLine = line
            finished = true
            return .finish
        case .malformed(let reason, terminated: true):
            try skipOrThrow(reason, line)
            return .skip
        case .tooLong:
            try skipOrThrow(TraceReader.tooLongReason(options.maxLineBytes), line)
            return .skip
        }
    }

    private mutating func noteRepaired(_ line: Int) {
        diagnostics.invalidUTF8LineCount += 1
        if diagnostics.invalidUTF8Lines.count < TraceReader.Diagnostics.keptSkippedLines {
            diagnostics.invalidUTF8Lines.append(line)
        }
    }

    private mutating func checkOrder(_ seq: UInt64, _ line: Int) throws(TraceIOError) -> Bool {
        guard seq > lastSeq else {
            try skipOrThrow("out-of-order seq \(seq) after \(lastSeq)", line)
            return false
        }
        lastSeq = seq
        return true
    }

    private mutating func skipOrThrow(_ reason: String, _ line: Int) throws(TraceIOError) {
        guard options.lenient else { throw .malformed(file: file, line: line, reason: reason) }
        diagnostics.skippedLineCount += 1
        if diagnostics.skippedLines.count < TraceReader.Diagnostics.keptSkippedLines {
            diagnostics.skippedLines.append(.init(line: line, reason: reason))
        }
    }
}
