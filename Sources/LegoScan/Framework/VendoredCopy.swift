import Foundation
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

    /// Each copy widened to the outermost folder above it, below `root`, that holds one of `markers` and no other
    /// podspec (the framework's repository vendored whole; a folder of development pods, `LocalPods/XFLegoVIPER.podspec`
    /// beside `LocalPods/XQHome.podspec`, holds the app's own modules too); copies that then lie in another are merged.
    static func widened(_ copies: [Copy], toRepositoryIn root: String, markers: [String]) -> [Copy] {
        guard !markers.isEmpty else { return copies }
        var widened: [Copy] = []
        for copy in copies {
            let parts = copy.folder.split(separator: "/")
            var folder = copy.folder
            for length in stride(from: parts.count, through: 1, by: -1) {
                let candidate = parts.prefix(length).joined(separator: "/")
                let path = root + "/" + candidate
                guard markers.contains(where: { FileManager.default.fileExists(atPath: path + "/" + $0) }) else { continue }
                let podspecs = (try? FileManager.default.contentsOfDirectory(atPath: path))?.filter { $0.hasSuffix(".podspec") || $0.hasSuffix(".podspec.json") } ?? []
                if podspecs.count == 1 { folder = candidate }
            }
            widened.append(Copy(folder: folder, classes: copy.classes))
        }
        var merged: [Copy] = []
        for copy in widened.sorted(by: { $0.folder.count < $1.folder.count }) {
            if let outer = merged.firstIndex(where: { $0.folder == copy.folder || contains($0.folder, copy.folder) }) {
                merged[outer].classes = Set(merged[outer].classes + copy.classes).sorted()
            } else {
                merged.append(copy)
            }
        }
        return merged.sorted { $0.folder < $1.folder }
    }

    /// Whether `path` lies in `folder`.
    static func contains(_ folder: String, _ path: String) -> Bool {
        path.hasPrefix(folder + "/")
    }
}
