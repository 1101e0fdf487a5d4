import ArgumentParser
import LegoModel
import LegoTraceApp

/// `lego-trace rules`: lists the detectors or explains one.
struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rules", abstract: "List the detectors, or explain one with --explain ID.")

    @Option(name: .long, help: "Print why a rule matters and how to fix what it finds.", completion: .list(LegoTrace.ruleIDs))
    var explain: String?

    @Option(name: .long, help: "List only the rules that apply to this framework's traces and sources.")
    var framework: Framework?

    func run() throws {
        try conclude { () throws(LegoTraceError) in
            try LegoTrace.rules(explain: explain, framework: framework, console: .standard)
        }
    }
}
