import ArgumentParser
import LegoTraceApp

/// `--max-line-bytes`, shared by every command that reads a trace or a console log.
struct LineLimitOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The longest line read, in bytes; a longer one is an error (check skips it with --lenient).",
        valueName: "BYTES"))
    var maxLineBytes: Int = LegoTrace.defaultMaxLineBytes

    func validate() throws {
        guard maxLineBytes > 0 else { throw ValidationError("--max-line-bytes must be a positive number of bytes") }
    }
}
