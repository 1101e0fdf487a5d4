import FuzzSupport
import LegoAnalysis

/// Parses the input as a `.lego-trace.yml` configuration; what it accepts must hold together.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    // `AnalysisConfiguration.load` refuses a file that is not UTF-8 before parsing; so does the harness.
    guard let yaml = FuzzInput(data, count).text else { return 0 }
    ConfigFuzzer.check(yaml)
    return 0
}

/// The configuration loader's invariants, checked on one document.
@main
enum ConfigFuzzer {
    /// Hands the process to libFuzzer, which calls `fuzzConfig` with each input.
    static func main() { FuzzDriver.run(fuzzConfig) }

    /// The name the configuration is parsed under, which every error must start with.
    static let file = ".lego-trace.yml"

    /// Checks every invariant on one input, stopping the process at the first that fails.
    static func check(_ yaml: String) {
        let configuration: AnalysisConfiguration
        do {
            configuration = try AnalysisConfiguration.parse(yaml: yaml, file: file)
        } catch {
            Invariant.requireOneLine(error.description, naming: file)
            return
        }
        Invariant.require(configuration.grace.isFinite && configuration.grace >= 0, "grace \(configuration.grace) accepted")
        Invariant.require(configuration.disabled.isDisjoint(with: configuration.severities.keys), "a rule is both off and given a severity")
        for (rule, patterns) in configuration.allow {
            for pattern in patterns {
                Invariant.require(!pattern.isEmpty, "an empty allow pattern for \(rule) was accepted")
                // `*` also matches itself, so every pattern matches its own text.
                Invariant.require(configuration.allows(ruleID: rule, module: pattern), "allow pattern \(pattern.debugDescription) for \(rule) does not match itself")
            }
        }
        // The analysis a check would start with this configuration.
        _ = Analyzer.analyze(header: .init(producer: "fuzz-config", start: "", app: "Fuzz"), events: [], configuration: configuration)
    }
}
