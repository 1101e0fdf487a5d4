import LegoModel

extension ConsoleImporter {
    /// The log as an NNModule-swift trace when it holds NNModule console lines (an app uses one framework, and
    /// XFLegoVIPER never prints them); nil otherwise.
    func importNNModule(bytes: [UInt8], name: String) -> ImportResult? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard NNConsoleImporter.recognizes(text) else { return nil }
        let (events, frameworkLines) = NNConsoleImporter.events(in: text)
        guard !events.isEmpty else { return nil }
        let header = TraceHeader(producer: "lego-trace-import \(options.producerVersion)", start: "", app: "unknown",
                                 source: TraceSource.import.rawValue, importedFrom: name, framework: .nnModule)
        let lines = text.reduce(into: 1) { count, character in if character == "\n" { count += 1 } }
        return ImportResult(
            header: header, events: events, warnings: [],
            process: ProcessChoice(pid: nil, name: nil, frameworkLineCount: frameworkLines,
                                   reason: "NNModule-swift console lines (URLRouter Error ⚠️ and service assertions)"),
            stats: ImportStats(linesRead: lines, frameworkLines: frameworkLines, snapshots: 0, events: events.count))
    }
}
