import Foundation
import LegoModel

/// Imports the real framework's console logs (routing link log, component trace log) as a trace.
///
/// Each log block is a snapshot of the registries; consecutive snapshots are compared and the differences
/// become events the replay state machine applies (see `docs/import.md` for the mapping and its limits).
public struct ConsoleImporter: Sendable {
    /// How to read the log.
    public var options: ImportOptions

    /// Creates an importer.
    public init(options: ImportOptions = .init()) {
        self.options = options
    }

    /// Imports the console log at `path`; `-` reads standard input.
    public func importLog(path: String) throws(ImportError) -> ImportResult {
        let bytes = try BoundedFileReader.read(path: path, maxLineBytes: options.maxLineBytes)
        return try importLog(bytes: bytes, name: path)
    }

    /// Imports a console log held in memory; `name` is how messages and the header name it.
    public func importLog(bytes: [UInt8], name: String) throws(ImportError) -> ImportResult {
        let file = name == "-" ? "standard input" : name
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else { throw .empty(file: file) }
        if let detail = Self.binaryDetail(bytes) { throw .binary(file: file, detail: detail) }
        if let imported = importNNModule(bytes: bytes, name: name) { return imported }

        let log = ConsoleLog(bytes: bytes)
        let parsers = (0...log.processes.count).map { _ in FrameworkLogParser() }
        bytes.withUnsafeBufferPointer { buffer in
            for line in log.lines {
                let index = line.process < 0 ? log.processes.count : Int(line.process)
                parsers[index].feed(line, buffer)
            }
        }
        for parser in parsers { parser.finish() }

        let (chosen, choice) = try choose(log: log, parsers: parsers, file: file)
        let parser = parsers[chosen]
        guard !parser.items.isEmpty else {
            throw .noValidBlocks(file: file, skipped: parser.warnings.count, firstProblem: parser.warnings.first?.description ?? "none")
        }

        var routingClasses: [String] = []
        var componentNames = Set<String>()
        var printedPrefix: String?
        var hasRoutingLogs = false
        for item in parser.items {
            switch item.content {
            case let .routing(snapshot):
                hasRoutingLogs = true
                for entry in snapshot.entries where !entry.name.isNull { routingClasses.append(entry.name.text) }
            case let .component(snapshot):
                for entry in snapshot.entries where !entry.name.isNull { componentNames.insert(entry.name.text) }
            case let .prefix(value, _):
                if printedPrefix == nil { printedPrefix = value }
            }
        }
        let naming = ImportNaming(routingClasses: routingClasses, componentNames: componentNames, printedPrefix: printedPrefix)

        var differ = SnapshotDiffer(naming: naming, hasRoutingLogs: hasRoutingLogs)
        var stamps: [(end: Int, time: Double, thread: UInt32)] = []
        let origin = parser.firstFrameworkLine?.time ?? parser.items.lazy.compactMap(\.time).first
        var clock = 0.0
        var snapshots = 0
        for item in parser.items {
            switch item.content {
            case let .routing(snapshot): differ.apply(snapshot); snapshots += 1
            case let .component(snapshot): differ.apply(snapshot); snapshots += 1
            case let .prefix(value, line): differ.prefix(value, line: line)
            }
            // Console time since the first framework line, never going back even when the clock jumps.
            if let time = item.time, let origin { clock = max(clock, time.seconds(since: origin)) }
            stamps.append((differ.events.count, clock, item.thread))
        }
        var events = differ.events
        var stampIndex = 0
        for index in events.indices {
            while stamps[stampIndex].end <= index { stampIndex += 1 }
            events[index].seq = UInt64(index + 1)
            events[index].time = stamps[stampIndex].time
            events[index].thread = stamps[stampIndex].thread
        }

        let start = parser.firstFrameworkLine.flatMap { log.iso8601(ofLine: Int($0.stampLine)) }
            ?? parser.items.lazy.compactMap { item in log.iso8601(ofLine: item.firstLine) }.first
            ?? ""
        let header = TraceHeader(producer: "lego-trace-import \(options.producerVersion)", start: start,
                                 app: choice.name ?? "unknown", source: TraceSource.import.rawValue, importedFrom: name)
        let warnings = (parser.warnings + differ.warnings).sorted { $0.lines.lowerBound < $1.lines.lowerBound }
        return ImportResult(
            header: header, events: events, warnings: warnings, process: choice,
            stats: ImportStats(linesRead: log.lines.count, frameworkLines: parser.frameworkLines, snapshots: snapshots, events: events.count))
    }

    /// Picks the process to import: the requested pid, else the one with the most framework lines.
    private func choose(log: ConsoleLog, parsers: [FrameworkLogParser], file: String) throws(ImportError) -> (Int, ProcessChoice) {
        let rawIndex = log.processes.count
        let candidates = parsers.indices.filter { parsers[$0].frameworkLines > 0 }
        let pids = candidates.compactMap { $0 == rawIndex ? nil : log.processes[$0].pid }
        func describe(_ index: Int) -> String {
            index == rawIndex ? "unprefixed lines" : "\(log.processes[index].name)[\(log.processes[index].pid)]"
        }
        func choice(_ index: Int, _ reason: String) -> (Int, ProcessChoice) {
            let process = index == rawIndex ? nil : log.processes[index]
            return (index, ProcessChoice(pid: process?.pid, name: process?.name, frameworkLineCount: parsers[index].frameworkLines, reason: reason))
        }
        if let pid = options.pid {
            guard let index = candidates.first(where: { $0 != rawIndex && log.processes[$0].pid == pid }) else {
                throw .noSuchProcess(file: file, pid: pid, available: pids)
            }
            return choice(index, "chosen with the pid option (\(parsers[index].frameworkLines) framework lines)")
        }
        guard !candidates.isEmpty else { throw .noFrameworkLines(file: file, linesRead: log.lines.count) }
        if candidates.count == 1 {
            let index = candidates[0]
            if index == rawIndex {
                return choice(index, "the log has no NSLog prefixes, so its lines are read as one process")
            }
            return choice(index, "the only process that printed framework lines (\(parsers[index].frameworkLines))")
        }
        // A process with a readable block beats one with only garbled ones; then most framework lines wins;
        // ties go to the process that appeared first.
        func rank(_ index: Int) -> (Int, Int, Int) { (parsers[index].items.isEmpty ? 0 : 1, parsers[index].frameworkLines, -index) }
        let best = candidates.max { rank($0) < rank($1) }!
        let others = candidates.filter { $0 != best }.map { "\(describe($0)) \(parsers[$0].frameworkLines)" }.joined(separator: ", ")
        let most = candidates.allSatisfy { parsers[$0].frameworkLines <= parsers[best].frameworkLines }
        let why = most ? "printed the most framework lines" : "the process with readable framework blocks"
        return choice(best, "\(why) (\(parsers[best].frameworkLines); others: \(others)); use the pid option to pick another")
    }

    /// Why the bytes are not a text log, or nil: over 10% of the first 64 KiB are control bytes or invalid UTF-8.
    private static func binaryDetail(_ bytes: [UInt8]) -> String? {
        var sample = Array(bytes.prefix(65_536))
        // Do not count a multi-byte character cut by the sample's end.
        if sample.count == 65_536 { while let last = sample.last, last & 0xC0 == 0x80 || last >= 0xC0 { sample.removeLast() } }
        guard !sample.isEmpty else { return nil }
        var suspicious = 0
        for byte in sample where (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x0C && byte != 0x1B) || byte == 0x7F {
            suspicious += 1
        }
        suspicious += String(decoding: sample, as: UTF8.self).unicodeScalars.reduce(0) { $0 + ($1 == "\u{FFFD}" ? 1 : 0) }
        guard suspicious * 10 > sample.count else { return nil }
        return "\(suspicious * 100 / sample.count)% of its first \(sample.count) bytes are control bytes or invalid UTF-8"
    }
}
