import LegoModel

/// The scanner of each framework, in one place.
public enum FrameworkScanners {
    /// The scanner for `framework`, or nil while lego-trace cannot scan its apps yet.
    public static func scanner(for framework: Framework) -> (any FrameworkScanner)? {
        switch framework {
        case .xflegoViper: XFScanner()
        case .qfMoudle: QFScanner()
        case .nnModule: NNScanner()
        }
    }

    /// Every scanner there is, in `Framework.allCases` order.
    public static var all: [any FrameworkScanner] { Framework.allCases.compactMap(scanner(for:)) }
}
