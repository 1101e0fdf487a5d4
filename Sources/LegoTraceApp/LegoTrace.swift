/// The library entry points behind each `lego-trace` subcommand.
///
/// Integration scaffolding: each entry point is filled in once the module it drives has landed.
public enum LegoTrace {
    /// The tool's version, printed by `--version` and written into reports.
    public static let version = "0.1.0"

    /// `lego-trace record`.
    public static func record(_ request: RecordRequest, console: Console) -> ExitStatus { notYet("record", console) }
    /// `lego-trace check`.
    public static func check(_ request: CheckRequest, console: Console) -> ExitStatus { notYet("check", console) }
    /// `lego-trace graph`.
    public static func graph(_ request: GraphRequest, console: Console) -> ExitStatus { notYet("graph", console) }
    /// `lego-trace import`.
    public static func importLog(_ request: ImportRequest, console: Console) -> ExitStatus { notYet("import", console) }
    /// `lego-trace rules`.
    public static func rules(explain: String?, console: Console) -> ExitStatus { notYet("rules", console) }

    private static func notYet(_ command: String, _ console: Console) -> ExitStatus {
        console.error("\(command) is not wired up in this build")
        return .invalidInput
    }
}
