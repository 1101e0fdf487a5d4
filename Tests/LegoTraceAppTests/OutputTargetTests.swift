import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every command that writes a file leaves a character device, a FIFO and a symlink what they were (issue #13, item 1).
///
/// The character device is a private node with /dev/null's device numbers made with `mknod`, so a regression
/// replaces that copy and never the machine's /dev/null; making it needs root, as CI is here.
@Suite struct OutputTargetTests {
    /// One command line per kind of output, with `OUT` where the output path goes.
    static let commands: [(name: String, arguments: [String])] = [
        ("check -o", ["check", "trace.jsonl", "--format", "json", "-o", "OUT"]),
        ("check --write-baseline", ["check", "trace.jsonl", "--write-baseline", "OUT", "-o", "report.txt"]),
        ("graph", ["graph", "trace.jsonl", "OUT", "--format", "dot"]),
        ("import -o", ["import", "console.log", "-o", "OUT"]),
        ("record -o", ["record", "-o", "OUT"]),
        ("record -o -- CMD", ["record", "-o", "OUT", "--", CommandRunner.product("lego-example")]),
    ]

    /// A scratch directory with a trace and a console log every command can read.
    private func prepared() throws -> CommandRunner {
        let runner = try CommandRunner()
        let recorded = try runner.lego("record", CommandRunner.packageFile("samples/bdj-faults.yml"), "-o", "trace.jsonl")
        try #require(recorded.status == 0, "\(recorded.stderr)")
        try FileManager.default.copyItem(
            atPath: CommandRunner.packageRoot + "/Tests/LegoImportTests/Fixtures/journey.log", toPath: runner.path("console.log"))
        return runner
    }

    private func arguments(_ template: [String], output: String) -> [String] {
        template.map { $0 == "OUT" ? output : $0 }
    }

    @Test(.enabled(if: getuid() == 0, "mknod needs root"), arguments: commands.map(\.name))
    func characterDeviceStaysADevice(command: String) throws {
        let runner = try prepared()
        defer { runner.cleanUp() }
        let device = runner.path("null-copy")
        var null = stat()
        try #require(stat("/dev/null", &null) == 0)
        let made = mknod(device, S_IFCHR | 0o666, null.st_rdev)
        try #require(made == 0, "mknod: \(String(cString: strerror(errno)))")
        let template = Self.commands.first { $0.name == command }!.arguments
        let outcome = try runner.run(CommandRunner.product("lego-trace"), arguments(template, output: device))
        #expect([0, 1].contains(outcome.status), "\(outcome.stderr)")
        var status = stat()
        #expect(lstat(device, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFCHR, "\(command) replaced the character device")
        #expect(status.st_rdev == null.st_rdev)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: runner.directory).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
    }

    @Test(arguments: commands.map(\.name))
    func fifoStaysAFifoAndReceivesTheOutput(command: String) throws {
        let runner = try prepared()
        defer { runner.cleanUp() }
        let fifo = runner.path("pipe")
        try #require(mkfifo(fifo, 0o644) == 0)
        // A reader drains the FIFO while the command writes; opening blocks until the writer opens it.
        let received = LockedData()
        let reader = Thread {
            let descriptor = open(fifo, O_RDONLY)
            guard descriptor >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count <= 0 { break }
                received.append(buffer[0..<count])
            }
            close(descriptor)
        }
        reader.start()
        let template = Self.commands.first { $0.name == command }!.arguments
        let outcome = try runner.run(CommandRunner.product("lego-trace"), arguments(template, output: fifo))
        #expect([0, 1].contains(outcome.status), "\(outcome.stderr)")
        received.waitUntilClosed(reader: reader)
        var status = stat()
        #expect(lstat(fifo, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFIFO, "\(command) replaced the FIFO")
        #expect(received.count > 0, "\(command) wrote nothing into the FIFO")
    }

    @Test(arguments: commands.map(\.name))
    func symlinkStaysALinkAndItsTargetGetsTheOutput(command: String) throws {
        let runner = try prepared()
        defer { runner.cleanUp() }
        try runner.write("target.out", "old content")
        try #require(chmod(runner.path("target.out"), 0o640) == 0)
        try FileManager.default.createSymbolicLink(atPath: runner.path("link.out"), withDestinationPath: "target.out")
        let template = Self.commands.first { $0.name == command }!.arguments
        let outcome = try runner.run(CommandRunner.product("lego-trace"), arguments(template, output: runner.path("link.out")))
        #expect([0, 1].contains(outcome.status), "\(outcome.stderr)")
        var status = stat()
        #expect(lstat(runner.path("link.out"), &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFLNK, "\(command) replaced the symlink")
        let written = try runner.read("target.out")
        #expect(written != "old content" && !written.isEmpty, "\(command) did not write through the link")
        #expect(stat(runner.path("target.out"), &status) == 0)
        #expect(status.st_mode & 0o777 == 0o640, "the replaced file lost its permissions")
    }

    @Test func aReportLostOnAFullDiskFailsTheCommand() throws {
        let runner = try prepared()
        defer { runner.cleanUp() }
        let legoTrace = CommandRunner.product("lego-trace")
        for arguments in ["check trace.jsonl --format json", "check trace.jsonl --format json -o -", "rules"] {
            let outcome = try runner.run("/bin/sh", ["-c", "exec \"$0\" \(arguments) > /dev/full", legoTrace])
            #expect(outcome.status == 2, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.contains("standard output: cannot write: No space left on device"), "\(arguments): \(outcome.stderr)")
        }
        let record = try runner.run("/bin/sh", ["-c", "exec \"$0\" record -o - > /dev/full", legoTrace])
        #expect(record.status == 2, "\(record.stderr)")
        #expect(record.stderr.contains("standard output: cannot write: No space left on device"), "\(record.stderr)")
    }

    @Test func dashWritesStandardOutputForEveryOutput() throws {
        let runner = try prepared()
        defer { runner.cleanUp() }
        let check = try runner.lego("check", "trace.jsonl", "--format", "json", "-o", "-")
        #expect(check.stdout.contains("\"findings\""), "\(check.stderr)")
        #expect(!runner.exists("-"))
        let graph = try runner.lego("graph", "trace.jsonl", "-", "--format", "dot")
        #expect(graph.status == 0, "\(graph.stderr)")
        #expect(graph.stdout.hasPrefix("digraph") || graph.stdout.contains("digraph"))
        let imported = try runner.lego("import", "console.log", "-o", "-")
        #expect(imported.stdout.hasPrefix("{\"format\":\"lego-trace\""), "\(imported.stderr)")
        let recorded = try runner.lego("record", "-o", "-")
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.hasPrefix("{\"format\":\"lego-trace\""))
        #expect(!recorded.stdout.contains("recorded BDJ"), "the summary must not mix into the trace on standard output")
        #expect(recorded.stderr.contains("recorded BDJ"))
        let program = try runner.lego("record", "-o", "-", "--", CommandRunner.product("lego-example"))
        #expect(program.status == 0, "\(program.stderr)")
        #expect(program.stdout.hasPrefix("{\"format\":\"lego-trace\""))
        #expect(!runner.exists("-"))
    }
}

/// Bytes collected by the FIFO reader thread.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: [UInt8] = []

    func append(_ bytes: ArraySlice<UInt8>) {
        lock.lock()
        data.append(contentsOf: bytes)
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return data.count
    }

    /// Waits (at most 10 s) for the reader thread to see the writer close the FIFO.
    func waitUntilClosed(reader: Thread) {
        let deadline = Date().addingTimeInterval(10)
        while !reader.isFinished && Date() < deadline { usleep(10_000) }
    }
}
