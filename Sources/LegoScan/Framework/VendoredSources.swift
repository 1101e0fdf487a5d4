/// The source files of the vendored folders an app links (Pods, Carthage, SwiftPM checkouts), which the scan lists but
/// does not read: a class the app reaches only by name (a URL, `NSClassFromString`) may be declared in one of them.
public struct VendoredSources: Sendable, Hashable {
    /// Each file's path relative to the scanned folder, by its name without the extension (the first in path order).
    private var pathByName: [String: String] = [:]

    /// None.
    public init() {}

    /// The files listed, by name.
    init(files: [SourceTree.File]) {
        for file in files {
            let name = file.relativePath.split(separator: "/").last.map { $0.split(separator: ".", omittingEmptySubsequences: false).first ?? $0 }
            guard let name, !name.isEmpty else { continue }
            if let known = pathByName[String(name)], known <= file.relativePath { continue }
            pathByName[String(name)] = file.relativePath
        }
    }

    /// The vendored file named after `typeName` (`Pods/Pay/Classes/BDJPayRouting.h` for `BDJPayRouting`), where the type
    /// is most likely declared.
    public func file(namedAfter typeName: String) -> String? { pathByName[typeName] }

    /// Every type name a vendored file is named after.
    var names: Dictionary<String, String>.Keys { pathByName.keys }
}
