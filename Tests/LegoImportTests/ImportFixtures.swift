import LegoImport
import LegoModel
import LegoReplay

/// Fixture access and small helpers shared by the importer tests.
enum ImportFixtures {
    /// The folder holding the console-log fixtures.
    static let folder: String = {
        let file = #filePath
        return String(file[..<file.lastIndex(of: "/")!]) + "/Fixtures"
    }()

    /// The path of fixture `name`.
    static func path(_ name: String) -> String { folder + "/" + name }

    /// Imports fixture `name` with `options`.
    static func load(_ name: String, options: ImportOptions = .init()) throws -> ImportResult {
        try ConsoleImporter(options: options).importLog(path: path(name))
    }

    /// Imports an in-memory log.
    static func load(text: String, options: ImportOptions = .init()) throws -> ImportResult {
        try ConsoleImporter(options: options).importLog(bytes: Array(text.utf8), name: "inline.log")
    }

    /// Replays events into a fresh state.
    static func replay(_ events: some Sequence<TraceEvent>) -> ReplayState {
        let state = ReplayState()
        Replayer(state: state).run(events)
        return state
    }

    /// The NSLog prefix of the test app at second `second` of 14:07.
    static func prefix(_ second: String) -> String { "2019-06-03 14:07:\(second)+0800 App[4242:1370519] " }

    /// A component trace log: header, the empty first line of the tree message, the tree.
    static func componentLog(_ second: String, _ tree: [String]) -> [String] {
        [prefix(second) + "Component trace log:", prefix(second)] + tree
    }

    /// A routing link log: count, `Routing link:`, the empty first line of the list message, the blocks.
    static func routingLog(_ second: String, count: Int, _ blocks: [String]) -> [String] {
        [prefix(second) + "current routing count: \(count)", prefix(second) + "Routing link:", prefix(second)] + blocks
    }
}

extension ReplayState {
    /// Distinct names in the routing table, sorted.
    var routingNames: [String] { Array(Set(routingTable.names)).sorted() }
    /// Distinct names in the component table, sorted.
    var componentNames: [String] { Array(Set(componentTable.names)).sorted() }
}
