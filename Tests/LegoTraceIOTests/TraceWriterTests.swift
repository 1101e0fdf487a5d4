import Foundation
import LegoModel
import LegoTestSupport
import Testing
@testable import LegoTraceIO

private let header = TraceHeader(producer: "writer-tests", start: "2026-01-01T00:00:00Z", app: "App")

@Test func writerStampsSeqTimeAndThreadAndReadsBack() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("w.jsonl")
    let writer = try TraceWriter(path: path, header: header, flushInterval: 0)
    writer.record(TraceEvent(seq: 99, time: 99, thread: 99, kind: .objectAlloc, name: "Post", object: 3))
    writer.advanceClock(by: 5)
    writer.advanceClock(by: -100)
    writer.advanceClock(by: .nan)
    writer.record(TraceEvent(kind: .objectDeinit, name: "Post", object: 3))
    #expect(writer.eventCount == 2)
    writer.close()

    let read = try TraceReader.readAll(path: path)
    #expect(read.header == header)
    // `close` ends the trace with its clean-end marker, which counts the events before it.
    #expect(read.events.map(\.seq) == [1, 2, 3])
    #expect(read.events.map(\.kind).last == .traceEnd)
    #expect(read.events.last?.count == 2)
    #expect(writer.eventCount == 2, "the end marker is not one of the app's events")
    #expect(read.events.map(\.thread) == [1, 1, 1])
    #expect(read.events[0].time < 1)
    #expect(read.events[1].time >= 5 && read.events[1].time < 6)
    #expect(read.events[0].name == "Post")
    #expect(read.diagnostics.isClean)
}

@Test func flushesWithAndWithoutNewEventsWriteEachEventExactlyOnce() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("w.jsonl")
    let writer = try TraceWriter(path: path, header: header, flushInterval: 0)
    var names: [String] = []
    // Each flush hands the written batch back to the recording side: repeated and empty flushes must
    // neither write an event twice nor lose one recorded between them.
    for round in [3, 0, 0, 2, 1, 0, 5] {
        for index in 0..<round {
            let name = "Module\(names.count)-\(round)-\(index)-a name long enough to live on the heap"
            names.append(name)
            writer.record(TraceEvent(kind: .focus, name: name))
        }
        writer.flush()
    }
    writer.record(TraceEvent(kind: .focus, name: "last"))
    names.append("last")
    writer.close()
    let read = try TraceReader.readAll(path: path)
    #expect(read.events.map(\.seq) == Array(1...UInt64(names.count + 1)))
    #expect(read.events.dropLast().map(\.name) == names)
    #expect(read.events.last?.kind == .traceEnd)
}

@Test func closeIsIdempotentAndLaterEventsAreDropped() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("w.jsonl")
    let writer = try TraceWriter(path: path, header: header)
    writer.record(TraceEvent(kind: .focus))
    writer.close()
    writer.close()
    writer.record(TraceEvent(kind: .focus))
    writer.flush()
    #expect(writer.eventCount == 1)
    // One event and one end marker: a second close writes no second marker.
    #expect(try TraceReader.readAll(path: path).events.map(\.kind) == [.focus, .traceEnd])
    #expect(writer.writeError == nil)
}

@Test func headerIsOnDiskAsSoonAsTheWriterIsCreated() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("w.jsonl")
    let writer = try TraceWriter(path: path, header: header, flushInterval: 0)
    defer { writer.close() }
    #expect(try TraceReader(path: path).header == header)
}

@Test func anEventBecomesVisibleAfterTheFlushIntervalWithoutClose() async throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("w.jsonl")
    let writer = try TraceWriter(path: path, header: header, flushInterval: 0.05)
    defer { writer.close() }
    writer.record(TraceEvent(kind: .focus, name: "Visible"))
    var seen: [TraceEvent] = []
    // The timer fires every 50 ms; allow a loaded machine up to 5 s before calling it lost.
    for _ in 0..<100 where seen.isEmpty {
        try await Task.sleep(for: .milliseconds(50))
        seen = try TraceReader.readAll(path: path).events
    }
    #expect(seen.map(\.name) == ["Visible"])
}

@Test func withoutATimerNothingIsWrittenUntilFlush() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("w.jsonl")
    let writer = try TraceWriter(path: path, header: header, flushInterval: 0)
    defer { writer.close() }
    writer.record(TraceEvent(kind: .focus))
    #expect(try TraceReader.readAll(path: path).events.isEmpty)
    writer.flush()
    #expect(try TraceReader.readAll(path: path).events.count == 1)
}

@Test func eightThreadsRecordingAtOnceLoseAndDuplicateNothing() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("threads.jsonl")
    let writer = try TraceWriter(path: path, header: header)
    let threads = 8, perThread = 20_000
    let group = DispatchGroup()
    for index in 0..<threads {
        group.enter()
        Thread.detachNewThread {
            for step in 0..<perThread {
                writer.record(TraceEvent(kind: .eventSend, name: "T\(index)", value: "step", count: step))
            }
            group.leave()
        }
    }
    group.wait()
    writer.close()

    let all = try TraceReader.readAll(path: path)
    #expect(all.events.last?.kind == .traceEnd, "the end marker is last, after every thread's events")
    let read = (header: all.header, events: Array(all.events.dropLast()))
    #expect(read.events.count == threads * perThread)
    #expect(read.events.map(\.seq) == (1...UInt64(threads * perThread)).map { $0 })
    #expect(zip(read.events, read.events.dropFirst()).allSatisfy { $0.time <= $1.time })
    // Each OS thread has its own small number, and each sender's own events stay in its order.
    var threadOfSender: [String: UInt32] = [:]
    var lastStep: [String: Int] = [:]
    var ordered = true
    for event in read.events {
        let sender = event.name ?? ""
        if threadOfSender[sender] == nil { threadOfSender[sender] = event.thread }
        #expect(threadOfSender[sender] == event.thread)
        if let last = lastStep[sender], last >= event.count ?? 0 { ordered = false }
        lastStep[sender] = event.count
    }
    #expect(ordered)
    #expect(Set(threadOfSender.values) == Set(1...UInt32(threads)))
}

@Test func aFullBatchIsWrittenWithoutWaitingForTheTimer() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("w.jsonl")
    let writer = try TraceWriter(path: path, header: header, flushInterval: 0)
    defer { writer.close() }
    for event in SyntheticTrace.events(count: TraceWriter.batchSize - 1) { writer.record(event) }
    let before = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count
    #expect(before == 1, "only the header before the batch is full")
    writer.record(SyntheticTrace.events(count: 1)[0])
    let after = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count
    #expect(after == 1 + TraceWriter.batchSize)
}

@Test func aBusyProducerNeverQueuesMoreThanTheBacklogLimit() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("w.jsonl")
    // An hour-long interval: only the batch wake-ups and the backlog limit can write anything.
    let writer = try TraceWriter(path: path, header: header, flushInterval: 3600)
    defer { writer.close() }
    for event in SyntheticTrace.events(count: TraceWriter.backlogLimit) { writer.record(event) }
    // The woken encoder writes on its own thread: wait for it (the hour-long timer never fires), at most 10 s.
    var lines = 0
    let deadline = Date().addingTimeInterval(10)
    repeat {
        lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count
        if lines > 1 { break }
        usleep(5_000)
    } while Date() < deadline
    #expect(lines > 1, "the backlog was written by the recording thread or the woken encoder")
    writer.close()
    let all = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count
    #expect(all == 1 + TraceWriter.backlogLimit + 1, "header, the events, the end marker")
}

@Test func writingToAMissingOrUnwritableDirectoryIsAClearError() throws {
    let directory = try TemporaryDirectory()
    let missing = directory.file("no/such/dir/t.jsonl")
    #expect(throws: TraceIOError.cannotOpen(file: missing, reason: "the directory does not exist")) {
        try TraceWriter(path: missing, header: header)
    }
    #expect(throws: TraceIOError.cannotOpen(file: directory.path, reason: "it is a directory")) {
        try TraceWriter(path: directory.path, header: header)
    }
    if getuid() != 0 {
        let locked = directory.file("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o500])
        let error = TraceIOError.cannotOpen(file: locked + "/t.jsonl", reason: "permission denied (the directory or file is not writable)")
        #expect(throws: error) { try TraceWriter(path: locked + "/t.jsonl", header: header) }
        #expect(error.description == "\(locked)/t.jsonl: cannot open: permission denied (the directory or file is not writable)")
    }
}

@Test func writerOnADescriptorLeavesItOpen() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("fd.jsonl")
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    let writer = TraceWriter(fileDescriptor: handle.fileDescriptor, header: header, flushInterval: 0)
    writer.record(TraceEvent(kind: .focus))
    writer.close()
    handle.write(Data((#"{"seq":3,"kind":"link"}"# + "\n").utf8))
    try handle.close()
    #expect(try TraceReader.readAll(path: path).events.map(\.seq) == [1, 2, 3])
}

@Test func aWriteFailureIsReportedNotIgnored() throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    #expect(throws: TraceIOError.writeFailed(file: "/dev/full", reason: String(cString: strerror(ENOSPC)))) {
        try TraceWriter(path: "/dev/full", header: header)
    }
}
