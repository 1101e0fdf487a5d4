import ArgumentParser
import LegoTraceApp

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `lego-trace` command line: parses arguments, calls one LegoTraceApp entry point, maps the outcome to an exit code.
@main
struct LegoTraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lego-trace",
        abstract: "Record, check, scan and draw module traces of XFLegoVIPER, QFMoudle and NNModule-swift apps.",
        discussion: """
            Exit codes: 0 success (nothing reached --fail-on), 1 findings reached --fail-on, \
            2 usage error or unreadable/invalid input. `record -- COMMAND` exits with the program's status.
            """,
        version: LegoTrace.version,
        subcommands: [Record.self, Check.self, Graph.self, Export.self, Import.self, Scan.self, Rules.self]
    )

    /// Runs the command, mapping argument errors to the documented exit code 2 instead of ArgumentParser's 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
            failIfStandardOutputWasLost()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                let message = fullMessage(for: error)
                if !message.isEmpty { Console.standard.statusLines(message) }
                terminate(ExitStatus.invalidInput.code)
            }
            exit(withError: error)
        }
    }
}

/// Ends the process with `code` (ArgumentParser's own `exit` is a static member of every command).
private func terminate(_ code: Int32) -> Never {
    #if canImport(Glibc)
    Glibc.exit(code)
    #else
    Darwin.exit(code)
    #endif
}

/// Runs one library entry point and maps its outcome to the process exit code, in this one place: a thrown
/// `LegoTraceError` is printed as one line and exits 2; output lost on the way (a full disk) also makes it 2.
func conclude(_ entryPoint: () throws(LegoTraceError) -> ExitStatus) throws {
    let status: ExitStatus
    do {
        status = try entryPoint()
    } catch {
        Console.standard.error(error.description)
        status = .invalidInput
    }
    failIfStandardOutputWasLost()
    guard status != .success else { return }
    throw ExitCode(status.code)
}

/// Exits 2 with a one-line error when standard output could not be written: the result never arrived whole.
private func failIfStandardOutputWasLost() {
    guard let reason = Console.standardOutputError else { return }
    Console.standard.error("standard output: cannot write: \(reason)")
    terminate(ExitStatus.invalidInput.code)
}
