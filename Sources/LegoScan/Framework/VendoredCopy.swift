/// Recognises a copy of a framework's own sources inside an app (apps vendor XFLegoVIPER under a `Lib/` folder): the
/// files that declare the framework's own types, and the folder that holds them all.
enum VendoredCopy {
    /// One framework copy found.
    struct Copy {
        /// The folder holding it, relative to the scanned folder ("" never: a copy at the top is its files alone).
        var folder: String
        /// The framework types it declares, in name order (evidence for the summary).
        var classes: [String]
    }

    /// The folders holding a framework copy, given each file's path and the types it declares and the framework's own: the deepest folder
    /// common to every file declaring a framework type, or each such file's own folder when that would be the top.
    static func copies(in files: [(path: String, classes: [String])], frameworkTypes: Set<String>) -> [Copy] {
        var byFile: [(folder: [Substring], classes: [String])] = []
        for file in files {
            let declared = file.classes.filter(frameworkTypes.contains)
            guard !declared.isEmpty else { continue }
            byFile.append((file.path.split(separator: "/").dropLast(), declared))
        }
        guard let first = byFile.first else { return [] }
        var common = first.folder
        for file in byFile.dropFirst() {
            common = Array(zip(common, file.folder).prefix { $0 == $1 }.map(\.0))
        }
        if !common.isEmpty {
            return [Copy(folder: common.joined(separator: "/"), classes: Set(byFile.flatMap(\.classes)).sorted())]
        }
        var byFolder: [String: Set<String>] = [:]
        for file in byFile where !file.folder.isEmpty { byFolder[file.folder.joined(separator: "/"), default: []].formUnion(file.classes) }
        return byFolder.keys.sorted().map { Copy(folder: $0, classes: byFolder[$0, default: []].sorted()) }
    }

    /// Whether `path` lies in `folder`.
    static func contains(_ folder: String, _ path: String) -> Bool {
        path.hasPrefix(folder + "/")
    }
}
