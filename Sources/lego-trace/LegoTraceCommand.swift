import ArgumentParser
import LegoTraceApp

/// The `lego-trace` command line: parses arguments, calls one LegoTraceApp entry point, maps the outcome to an exit code.
@main
struct LegoTraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lego-trace",
        abstract: "Record, check and draw XFLegoVIPER module traces.",
        discussion: """
            Exit codes: 0 success (nothing reached --fail-on), 1 findings reached --fail-on, \
            2 usage error or unreadable/invalid input. `record -- COMMAND` exits with the program's status.
            """,
        version: LegoTrace.version,
        subcommands: [Record.self, Check.self, Graph.self, Import.self, Rules.self]
    )
}

/// Maps a library outcome to the process exit code.
func conclude(_ status: ExitStatus) throws {
    guard status != .success else { return }
    throw ExitCode(status.code)
}
