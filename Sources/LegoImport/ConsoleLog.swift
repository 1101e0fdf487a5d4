/// A console log split into lines, each with its NSLog prefix (time, process, thread) parsed out.
///
/// Works on bytes: one pass finds line ends (`\n`, `\r\n`, lone `\r`) and parses prefixes without
/// regular expressions; message text stays in the byte buffer until a parser needs it.
struct ConsoleLog {
    /// How a line relates to NSLog messages.
    enum Origin: UInt8 {
        /// Starts a message: it carries an NSLog prefix.
        case prefixed
        /// Continues the message of the last prefixed line.
        case continuation
        /// No prefix, and no prefixed line came before it (pasted text, `log stream` message column).
        case raw
    }

    /// One physical line.
    struct Line {
        /// 1-based line number.
        var number: Int
        /// Where the physical line starts.
        var lineStart: Int
        /// Where the message text starts (after the prefix, if any).
        var start: Int
        /// Where the message text ends (line end and `\r` excluded).
        var end: Int
        /// Prefixed, continuation or raw.
        var origin: Origin
        /// Index into `processes`, or -1 for raw lines.
        var process: Int32
        /// Small thread number (1...), 0 when unknown.
        var thread: UInt32
        /// The message's timestamp, when printed.
        var time: ConsoleClock?
        /// The line that holds this message's timestamp.
        var stampLine: Int32
    }

    /// A process seen in NSLog prefixes.
    struct Process: Hashable {
        /// Its pid.
        var pid: Int
        /// Its name.
        var name: String
    }

    /// The log's bytes.
    let bytes: [UInt8]
    /// Its lines, in order.
    private(set) var lines: [Line] = []
    /// Processes in order of first appearance.
    private(set) var processes: [Process] = []

    /// Splits `bytes` into lines and parses their prefixes.
    init(bytes: [UInt8]) {
        self.bytes = bytes
        var lines: [Line] = []
        lines.reserveCapacity(bytes.count / 40 + 1)
        var processes: [Process] = []
        var processIndex: [Int: Int32] = [:]
        var threadIndex: [String: UInt32] = [:]
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            var number = 0
            var current: (process: Int32, thread: UInt32, time: ConsoleClock?, stampLine: Int32)? = nil
            let count = buffer.count
            while index < count {
                let lineStart = index
                while index < count, buffer[index] != 0x0A, buffer[index] != 0x0D { index += 1 }
                let lineEnd = index
                if index < count {
                    if buffer[index] == 0x0D, index + 1 < count, buffer[index + 1] == 0x0A { index += 2 } else { index += 1 }
                }
                number += 1
                if let prefix = Self.parsePrefix(buffer, lineStart, lineEnd) {
                    let pidKey = prefix.pid
                    let process: Int32
                    if let known = processIndex[pidKey] {
                        process = known
                    } else {
                        process = Int32(processes.count)
                        processIndex[pidKey] = process
                        let name = String(decoding: UnsafeBufferPointer(rebasing: buffer[prefix.nameStart..<prefix.nameEnd]), as: UTF8.self)
                        processes.append(Process(pid: pidKey, name: name))
                    }
                    let tidKey = String(decoding: UnsafeBufferPointer(rebasing: buffer[prefix.tidStart..<prefix.tidEnd]), as: UTF8.self)
                    let thread: UInt32
                    if let known = threadIndex[tidKey] {
                        thread = known
                    } else {
                        thread = UInt32(threadIndex.count + 1)
                        threadIndex[tidKey] = thread
                    }
                    current = (process, thread, prefix.clock, Int32(number))
                    lines.append(Line(number: number, lineStart: lineStart, start: prefix.messageStart, end: lineEnd,
                                      origin: .prefixed, process: process, thread: thread, time: prefix.clock,
                                      stampLine: Int32(number)))
                } else if let current {
                    lines.append(Line(number: number, lineStart: lineStart, start: lineStart, end: lineEnd,
                                      origin: .continuation, process: current.process, thread: current.thread,
                                      time: current.time, stampLine: current.stampLine))
                } else {
                    // Other console tools (`log stream`) also start lines with a timestamp: keep its time.
                    let stamp = lineEnd - lineStart >= 19 && buffer[lineStart] >= 0x30 && buffer[lineStart] <= 0x39
                        ? ConsoleTimestamp.parse(buffer, from: lineStart, to: lineEnd)?.0.clock : nil
                    lines.append(Line(number: number, lineStart: lineStart, start: lineStart, end: lineEnd,
                                      origin: .raw, process: -1, thread: 0, time: stamp, stampLine: stamp == nil ? 0 : Int32(number)))
                }
            }
        }
        self.lines = lines
        self.processes = processes
    }

    /// The ISO 8601 timestamp printed on line `number`, if any.
    func iso8601(ofLine number: Int) -> String? {
        guard number >= 1, number <= lines.count else { return nil }
        let line = lines[number - 1]
        return bytes.withUnsafeBufferPointer { ConsoleTimestamp.parse($0, from: line.lineStart, to: line.end)?.0.iso8601 }
    }

    private struct Prefix {
        var clock: ConsoleClock
        var nameStart: Int, nameEnd: Int
        var pid: Int
        var tidStart: Int, tidEnd: Int
        var messageStart: Int
    }

    /// Parses `<date> <time> <process>[<pid>:<tid>] ` at the start of a line.
    private static func parsePrefix(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Prefix? {
        guard end - start >= 20, buffer[start] >= 0x30, buffer[start] <= 0x39,
              let (stamp, afterStamp) = ConsoleTimestamp.parse(buffer, from: start, to: end),
              afterStamp < end, buffer[afterStamp] == 0x20
        else { return nil }
        let nameStart = afterStamp + 1
        var index = nameStart
        // Process names may contain spaces; the first `[pid:tid]` closes the name.
        while index < end {
            if buffer[index] == 0x5B, index > nameStart, let parsed = parseIDs(buffer, index + 1, end) {
                var messageStart = parsed.after
                if messageStart < end, buffer[messageStart] == 0x20 { messageStart += 1 }
                return Prefix(clock: stamp.clock, nameStart: nameStart, nameEnd: index, pid: parsed.pid,
                              tidStart: parsed.tidStart, tidEnd: parsed.tidEnd, messageStart: messageStart)
            }
            index += 1
        }
        return nil
    }

    private static func parseIDs(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
        -> (pid: Int, tidStart: Int, tidEnd: Int, after: Int)? {
        var index = start
        var pid = 0
        while index < end, buffer[index] >= 0x30, buffer[index] <= 0x39, index - start < 10 {
            pid = pid * 10 + Int(buffer[index] - 0x30)
            index += 1
        }
        guard index > start, index < end, buffer[index] == 0x3A else { return nil }
        index += 1
        let tidStart = index
        while index < end, isTIDByte(buffer[index]), index - tidStart < 20 { index += 1 }
        guard index > tidStart, index < end, buffer[index] == 0x5D else { return nil }
        guard index + 1 == end || buffer[index + 1] == 0x20 else { return nil }
        return (pid, tidStart, index, index + 1)
    }

    private static func isTIDByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46) || byte == 0x78
    }
}
