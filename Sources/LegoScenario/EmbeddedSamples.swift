/// Sample scenarios compiled into the library, so `lego-trace record` works with no files at hand.
///
/// Each is byte-identical to its file under `samples/` (a test checks it).
public enum EmbeddedSamples {
    /// The name under which `bdjApp` is reported (its file under `samples/`).
    public static let bdjAppFile = "bdj-app.yml"
    /// The name under which `bdjFaults` is reported (its file under `samples/`).
    public static let bdjFaultsFile = "bdj-faults.yml"

    /// The clean sample app, parsed.
    public static func bdjAppScenario() -> Scenario {
        parsed(bdjApp, file: bdjAppFile)
    }

    /// The seeded-fault sample app, parsed.
    public static func bdjFaultsScenario() -> Scenario {
        parsed(bdjFaults, file: bdjFaultsFile)
    }

    private static func parsed(_ yaml: String, file: String) -> Scenario {
        do {
            return try Scenario.parse(yaml: yaml, file: file)
        } catch {
            // The embedded text is checked by the test suite; reaching this is a build defect, not bad input.
            preconditionFailure("embedded sample \(file) does not parse: \(error)")
        }
    }
}
