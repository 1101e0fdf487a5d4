import LegoTestSupport
import Foundation
import Testing
@testable import LegoTraceIO

/// Where `OutputFile` puts bytes, and what it leaves behind when writing fails (issue #13, items 1 and 7).
@Suite struct OutputFileTests {
    @Test func dashAndTheStandardStreamsAreDescriptors() throws {
        #expect(try OutputFile.destination(for: "-") == .descriptor(1))
        #expect(try OutputFile.destination(for: "/dev/stdout") == .descriptor(1))
        #expect(try OutputFile.destination(for: "/dev/stderr") == .descriptor(2))
        #expect(try OutputFile.destination(for: "/dev/fd/7") == .descriptor(7))
        #expect(try OutputFile.destination(for: "/proc/self/fd/3") == .descriptor(3))
    }

    @Test func devicesAreWrittenInPlace() throws {
        #expect(try OutputFile.destination(for: "/dev/null") == .inPlace(path: "/dev/null"))
        let directory = try TemporaryDirectory()
        let fifo = directory.file("fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(try OutputFile.destination(for: fifo) == .inPlace(path: realPath(fifo)))
    }

    @Test func regularFilesAndNewPathsAreReplaced() throws {
        let directory = try TemporaryDirectory()
        let existing = try directory.write("old", to: "report.txt")
        #expect(try OutputFile.destination(for: existing) == .replace(path: realPath(existing)))
        let fresh = directory.file("new.txt")
        #expect(try OutputFile.destination(for: fresh) == .replace(path: realPath(directory.path) + "/new.txt"))
    }

    @Test func symlinksAreFollowedEvenWhenTheyDangle() throws {
        let directory = try TemporaryDirectory()
        let target = try directory.write("old", to: "target.txt")
        try FileManager.default.createSymbolicLink(atPath: directory.file("link"), withDestinationPath: "target.txt")
        try FileManager.default.createSymbolicLink(atPath: directory.file("dangling"), withDestinationPath: "later.txt")
        try FileManager.default.createSymbolicLink(atPath: directory.file("to-null"), withDestinationPath: "/dev/null")
        #expect(try OutputFile.destination(for: directory.file("link")) == .replace(path: realPath(target)))
        #expect(try OutputFile.destination(for: directory.file("dangling")) == .replace(path: realPath(directory.path) + "/later.txt"))
        #expect(try OutputFile.destination(for: directory.file("to-null")) == .inPlace(path: "/dev/null"))

        try OutputFile.write("through the link", to: directory.file("dangling"))
        #expect(try directory.read(directory.file("later.txt")) == "through the link")
        var status = stat()
        #expect(lstat(directory.file("dangling"), &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
    }

    @Test func directoriesAndMissingParentsAreOneLineErrors() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: TraceIOError.writeFailed(file: directory.path, reason: "it is a directory")) {
            try OutputFile.write("x", to: directory.path)
        }
        #expect(throws: TraceIOError.writeFailed(file: "/no/such/dir/out.txt", reason: "directory '/no/such/dir' does not exist")) {
            try OutputFile.write("x", to: "/no/such/dir/out.txt")
        }
    }

    @Test func replacingKeepsPermissionsAndLeavesNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("old", to: "kept.txt")
        try #require(chmod(file, 0o604) == 0)
        try OutputFile.write("new", to: file)
        #expect(try directory.read(file) == "new")
        var status = stat()
        #expect(stat(file, &status) == 0 && status.st_mode & 0o777 == 0o604)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["kept.txt"])
    }

    /// Issue #21: the temporary file of a `0600` trace was world-readable (0666 less the umask) while it was recorded.
    @Test func aStagedFileIsPrivateUntilItIsCommittedWithTheRightMode() throws {
        let directory = try TemporaryDirectory()
        let secret = try directory.write("old", to: "secret.jsonl")
        try #require(chmod(secret, 0o600) == 0)
        for (path, final) in [(secret, mode_t(0o600)), (directory.file("new.jsonl"), OutputFile.newFileMode())] {
            let staged = try OutputFile.Staged(path: path)
            var status = stat()
            #expect(stat(staged.writePath, &status) == 0 && status.st_mode & 0o077 == 0, "\(String(status.st_mode, radix: 8))")
            try staged.commit()
            #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == final, "\(String(status.st_mode, radix: 8))")
        }
    }

    @Test func anAbandonedStagedOutputLeavesThePreviousFile() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("previous", to: "trace.jsonl")
        let staged = try OutputFile.Staged(path: file)
        #expect(staged.writePath != file)
        try "half a trace".write(toFile: staged.writePath, atomically: false, encoding: .utf8)
        staged.abandon()
        #expect(try directory.read(file) == "previous")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["trace.jsonl"])

        let committed = try OutputFile.Staged(path: file)
        try "whole trace".write(toFile: committed.writePath, atomically: false, encoding: .utf8)
        try committed.commit()
        #expect(try directory.read(file) == "whole trace")
    }

    private func realPath(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}
