/// The source files of the vendored folders an app links (Pods, Carthage, SwiftPM checkouts), which the scan lists but
/// does not read as the app: a class the app reaches only by name (a URL, `NSClassFromString`) may be declared in one.
public struct VendoredSources: Sendable, Hashable {
    /// The files named after each type name (their name without the extension), in path order.
    private var filesByName: [String: [SourceTree.File]] = [:]

    /// None.
    public init() {}

    /// The files listed, by name.
    init(files: [SourceTree.File]) {
        for file in files {
            let name = file.relativePath.split(separator: "/").last.map { $0.split(separator: ".", omittingEmptySubsequences: false).first ?? $0 }
            guard let name, !name.isEmpty else { continue }
            filesByName[String(name), default: []].append(file)
        }
        for name in filesByName.keys { filesByName[name]?.sort { $0.relativePath < $1.relativePath } }
    }

    /// The vendored file that declares the class `typeName` (`@interface`/`@implementation`, Swift `class`, or
    /// `@objc(Name)`), among the files named after it (`Pods/Pay/Classes/BDJPayRouting.h` for `BDJPayRouting`); nil when
    /// none does. A file that only shares the name (a model `Wallet.h` of another SDK) is not it.
    // Reads the few files named after the type, when asked: a check asks only for the names it could not find.
    public func file(declaring typeName: String) -> String? {
        let needles = ["@interface \(typeName)", "@implementation \(typeName)", "class \(typeName)", "@objc(\(typeName))"].map { Array($0.utf8) }
        for file in filesByName[typeName] ?? [] {
            guard case .bytes(let bytes) = SourceTree.contents(of: file) else { continue }
            for needle in needles {
                var from = 0
                while let hit = ByteSearch.firstIndex(of: needle, in: bytes, range: from..<bytes.count) {
                    from = hit + 1
                    let end = hit + needle.count
                    // The whole name: `class Wallet` is not `class WalletView`.
                    if end < bytes.count, ByteSearch.isNameByte(bytes[end]) { continue }
                    return file.relativePath
                }
            }
        }
        return nil
    }

    /// Every type name a vendored file is named after.
    var names: Dictionary<String, [SourceTree.File]>.Keys { filesByName.keys }
}
