/// One framework log block of a process, read and checked, not yet compared with the others.
struct LogItem: Sendable {
    /// What the block holds.
    enum Content: Sendable {
        /// A routing link log.
        case routing(RoutingLinkSnapshot)
        /// A component trace log.
        case component(ComponentTreeSnapshot)
        /// An `inspectModulePrefix: XX` line.
        case prefix(String, line: Int)
    }

    /// The block.
    var content: Content
    /// Timestamp of its first line, when printed.
    var time: ConsoleClock?
    /// Thread of its first line.
    var thread: UInt32

    /// First console line of the block.
    var firstLine: Int {
        switch content {
        case let .routing(snapshot): snapshot.firstLine
        case let .component(snapshot): snapshot.firstLine
        case let .prefix(_, line): line
        }
    }
}

/// Reads one process's lines and cuts out the framework's log blocks; garbled or truncated ones become warnings.
///
/// NSLog prints each log in several messages (`current routing count: N`, `Routing link:`, then a message that
/// starts with a newline and holds the blocks), so other output may fall between them. With prefixes, a message's
/// continuation lines delimit a block; without (raw lines), the block grammar does. `Component trace log:` followed
/// directly by the next framework message (or the end of the file) means the tree's root was released while still
/// registered (`XFComponentManager +_log` prints nothing at all for an empty table).
final class FrameworkLogParser {
    /// Blocks read, in line order.
    private(set) var items: [LogItem] = []
    /// Blocks skipped, in line order.
    private(set) var warnings: [ImportWarning] = []
    /// Lines that belong to the framework's logs.
    private(set) var frameworkLines = 0
    /// The first framework line, with its timestamp when printed.
    private(set) var firstFrameworkLine: ConsoleLog.Line?

    private enum Mode { case idle, awaitingRoutingLink, routingBody, componentBody, skipping }
    private var mode = Mode.idle
    private var routing = RoutingLinkBlock()
    private var component = ComponentTreeBlock()
    private var blockStart = 0
    private var blockLast = 0
    private var count: Int?
    private var bodyStarted = false
    private var headerTime: ConsoleClock?
    private var headerThread: UInt32 = 0
    private var skippingRaw = false

    /// Creates a parser for one process.
    init() {}

    /// Consumes the next line of this process.
    func feed(_ line: ConsoleLog.Line, _ bytes: UnsafeBufferPointer<UInt8>) {
        // A line handed back is handled again in `idle`, which never hands it back.
        if step(line, bytes) { _ = step(line, bytes) }
    }

    /// Closes the block in progress at the end of the file.
    func finish() {
        switch mode {
        case .idle, .skipping:
            break
        case .awaitingRoutingLink:
            warn("the log ends after `current routing count` without its `Routing link:` list; skipped")
        case .routingBody:
            if bodyStarted && routing.isAtTopLevel {
                finishRouting()
            } else if !bodyStarted {
                warn("the log ends after `Routing link:` without its routing list; skipped")
            } else {
                warn("truncated routing link log: the file ends inside a block; skipped")
            }
        case .componentBody:
            if component.isComplete || !component.hasStarted {
                finishComponent()
            } else {
                warn("truncated component trace log: the file ends inside the tree; skipped")
            }
        }
        mode = .idle
    }

    // MARK: - States

    /// Handles `line` in the current mode; returns true when it must be handled again in the new mode.
    private func step(_ line: ConsoleLog.Line, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var text = LogText.trimmed(bytes, line.start..<line.end)
        if line.origin == .raw, !text.isEmpty, bytes[text.lowerBound] >= 0x30, bytes[text.lowerBound] <= 0x39 {
            if let header = LogText.embeddedHeader(bytes, text) {
                text = header
            } else if bytes[text.upperBound - 1] == 0x3A {
                // `… App:` with nothing after it: the empty first line of a message that starts with a newline.
                text = text.upperBound..<text.upperBound
            }
        }
        switch mode {
        case .idle:
            idle(line, text, bytes)
            return false
        case .awaitingRoutingLink:
            if LogText.equals(bytes, text, LogText.Literal.routingLink) {
                countLine(line)
                mode = .routingBody
                return false
            }
            if isHeader(bytes, text) || RoutingLinkBlock.opensBlock(bytes, text) {
                warn("`current routing count` without its `Routing link:` list; skipped")
                mode = .idle
                return true
            }
            return false
        case .routingBody:
            return routingBody(line, text, bytes)
        case .componentBody:
            return componentBody(line, text, bytes)
        case .skipping:
            if skippingRaw ? (line.origin == .raw && looksLikeBlockLine(bytes, line.start..<line.end, text)) : line.origin == .continuation {
                countLine(line)
                extendWarning(to: line.number)
                return false
            }
            mode = .idle
            return true
        }
    }

    private func idle(_ line: ConsoleLog.Line, _ text: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) {
        if LogText.hasPrefix(bytes, text, LogText.Literal.routingCount) {
            let digits = LogText.trimmed(bytes, (text.lowerBound + LogText.Literal.routingCount.count)..<text.upperBound)
            guard let value = LogText.number(bytes, digits) else { return }
            begin(.awaitingRoutingLink, line)
            count = value
        } else if LogText.equals(bytes, text, LogText.Literal.routingLink) {
            begin(.routingBody, line)
        } else if LogText.equals(bytes, text, LogText.Literal.componentLog) {
            begin(.componentBody, line)
        } else if LogText.hasPrefix(bytes, text, LogText.Literal.modulePrefix) {
            let value = LogText.trimmed(bytes, (text.lowerBound + LogText.Literal.modulePrefix.count)..<text.upperBound)
            guard !value.isEmpty, let prefix = LogText.entryName(bytes, value), !prefix.isNull, prefix.address == nil else { return }
            countLine(line)
            items.append(LogItem(content: .prefix(prefix.text, line: line.number), time: line.time, thread: line.thread))
        } else if RoutingLinkBlock.opensBlock(bytes, text) {
            // A routing list without its two header lines (cut off, or pasted on its own).
            begin(.routingBody, line)
            bodyStarted = true
            if let problem = routing.feed(bytes, line.start..<line.end, line: line.number) {
                garbled("routing link log", problem, line)
            }
        }
    }

    private func routingBody(_ line: ConsoleLog.Line, _ text: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch line.origin {
        case .prefixed:
            if bodyStarted {
                if routing.isAtTopLevel { finishRouting() } else { warn("truncated routing link log: a block has no closing `)`; skipped") }
                mode = .idle
                return true
            }
            if text.isEmpty {
                bodyStarted = true
                countLine(line)
            } else if RoutingLinkBlock.opensBlock(bytes, text) {
                bodyStarted = true
                feedRouting(line, bytes)
            } else if isHeader(bytes, text) {
                warn("`Routing link:` without its routing list; skipped")
                mode = .idle
                return true
            }
            return false
        case .continuation:
            guard bodyStarted else { return false }
            if routing.isAtTopLevel, !text.isEmpty, !RoutingLinkBlock.opensBlock(bytes, text) {
                // The list's grammar ended: an unprefixed line after it is other output (a `print`), not the log's.
                finishRouting()
                mode = .idle
                return true
            }
            feedRouting(line, bytes)
            return false
        case .raw:
            if text.isEmpty, routing.isAtTopLevel { return false }
            if !routing.isAtTopLevel, isHeader(bytes, text) {
                warn("truncated routing link log: a block has no closing `)`; skipped")
                mode = .idle
                return true
            }
            if let problem = routing.feed(bytes, line.start..<line.end, line: line.number) {
                if routing.isAtTopLevel, !RoutingLinkBlock.opensBlock(bytes, text) {
                    finishRouting()
                    mode = .idle
                    return true
                }
                countLine(line)
                garbled("routing link log", problem, line)
                return false
            }
            bodyStarted = true
            countLine(line)
            return false
        }
    }

    private func componentBody(_ line: ConsoleLog.Line, _ text: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch line.origin {
        case .prefixed:
            if bodyStarted {
                if component.isComplete { finishComponent() } else { warn("truncated component trace log: the tree is not closed; skipped") }
                mode = .idle
                return true
            }
            if text.isEmpty {
                bodyStarted = true
                countLine(line)
            } else if LogText.equals(bytes, text, LogText.Literal.open) {
                bodyStarted = true
                feedComponent(line, bytes)
            } else if isHeader(bytes, text) {
                finishComponent()
                mode = .idle
                return true
            }
            return false
        case .continuation:
            guard bodyStarted else { return false }
            if component.isComplete, !LogText.trimmed(bytes, line.start..<line.end).isEmpty {
                // The tree's grammar ended: an unprefixed line after it is other output (a `print`), not the log's.
                finishComponent()
                mode = .idle
                return true
            }
            feedComponent(line, bytes)
            return false
        case .raw:
            if text.isEmpty, !component.hasStarted || component.isComplete { return false }
            if !component.hasStarted, isHeader(bytes, text) {
                finishComponent()
                mode = .idle
                return true
            }
            if isHeader(bytes, text) || !component.hasStarted && !LogText.equals(bytes, text, LogText.Literal.open) {
                warn(component.hasStarted ? "truncated component trace log: the tree is not closed; skipped"
                                          : "`Component trace log:` without its tree; skipped")
                mode = .idle
                return true
            }
            bodyStarted = true
            feedComponent(line, bytes)
            if mode == .componentBody, component.isComplete {
                finishComponent()
                mode = .idle
            }
            return false
        }
    }

    // MARK: - Helpers

    private func feedRouting(_ line: ConsoleLog.Line, _ bytes: UnsafeBufferPointer<UInt8>) {
        countLine(line)
        if let problem = routing.feed(bytes, line.start..<line.end, line: line.number) {
            garbled("routing link log", problem, line)
        } else {
            blockLast = line.number
        }
    }

    private func feedComponent(_ line: ConsoleLog.Line, _ bytes: UnsafeBufferPointer<UInt8>) {
        countLine(line)
        if let problem = component.feed(bytes, line.start..<line.end, line: line.number) {
            garbled("component trace log", problem, line)
        } else {
            blockLast = line.number
        }
    }

    private func begin(_ newMode: Mode, _ line: ConsoleLog.Line) {
        mode = newMode
        routing = RoutingLinkBlock()
        component = ComponentTreeBlock()
        blockStart = line.number
        blockLast = line.number
        count = nil
        bodyStarted = false
        headerTime = line.time
        headerThread = line.thread
        countLine(line)
    }

    private func countLine(_ line: ConsoleLog.Line) {
        frameworkLines += 1
        if firstFrameworkLine == nil { firstFrameworkLine = line }
        if line.number > blockLast, mode != .idle { blockLast = line.number }
    }

    private func finishRouting() {
        let snapshot = RoutingLinkSnapshot(firstLine: blockStart, lastLine: blockLast, count: count, entries: routing.entries)
        items.append(LogItem(content: .routing(snapshot), time: headerTime, thread: headerThread))
    }

    private func finishComponent() {
        let snapshot = ComponentTreeSnapshot(firstLine: blockStart, lastLine: blockLast, entries: component.entries)
        items.append(LogItem(content: .component(snapshot), time: headerTime, thread: headerThread))
    }

    private func warn(_ message: String) {
        warnings.append(ImportWarning(lines: blockStart...max(blockStart, blockLast), message: message))
    }

    private func garbled(_ log: String, _ problem: String, _ line: ConsoleLog.Line) {
        blockLast = max(blockLast, line.number)
        warn("garbled \(log): line \(line.number): \(problem); block skipped")
        skippingRaw = line.origin == .raw
        mode = .skipping
    }

    private func extendWarning(to number: Int) {
        guard let last = warnings.indices.last else { return }
        let lines = warnings[last].lines
        if number > lines.upperBound { warnings[last].lines = lines.lowerBound...number }
    }

    private func isHeader(_ bytes: UnsafeBufferPointer<UInt8>, _ text: Range<Int>) -> Bool {
        LogText.hasPrefix(bytes, text, LogText.Literal.routingCount)
            || LogText.equals(bytes, text, LogText.Literal.routingLink)
            || LogText.equals(bytes, text, LogText.Literal.componentLog)
            || LogText.hasPrefix(bytes, text, LogText.Literal.modulePrefix)
    }

    /// A raw line that still belongs to a skipped block: indented, a bracket, an arrow or a block header.
    private func looksLikeBlockLine(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: Range<Int>) -> Bool {
        if !range.isEmpty, bytes[range.lowerBound] == 0x09 { return true }
        if text.count == 1 {
            let byte = bytes[text.lowerBound]
            return byte == 0x28 || byte == 0x29 || byte == 0x5B || byte == 0x5D
        }
        return LogText.hasPrefix(bytes, text, LogText.Literal.arrow) || RoutingLinkBlock.opensBlock(bytes, text)
    }
}
