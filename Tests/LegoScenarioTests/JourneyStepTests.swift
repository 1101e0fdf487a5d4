import Foundation
import Testing
@testable import LegoScenario

/// Every framework's journey is read by one step reader: the same step shapes, the same errors at the same places.
struct JourneyStepTests {
    /// The sample of each framework, whose journey ends the file, with `step` appended as its last step.
    private func error(appending step: String, to sample: String) throws -> ScenarioError? {
        let text = try String(contentsOfFile: samplePath(sample), encoding: .utf8) + step
        do {
            _ = try ScenarioDocument.parse(yaml: text, file: sample)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [("bdj-app.yml", "pop"), ("qfmoudle-app.yml", "back"), ("nnmodule-app.yml", "back")])
    func twoStepKeywordsInOneStepAreRefusedAlike(sample: String, keyword: String) throws {
        let found = try #require(try error(appending: "  - {\(keyword): , advanceClock: 1}\n", to: sample))
        #expect(found.kind == .invalidValue)
        #expect(found.problem == "a journey step does one thing; this one has both `\(keyword)` and `advanceClock` (split it into two steps)")
    }

    @Test(arguments: ["bdj-app.yml", "qfmoudle-app.yml", "nnmodule-app.yml"])
    func anUnknownStepIsNamedWithTheClosestKeyword(sample: String) throws {
        let found = try #require(try error(appending: "  - advanceClok: 1\n", to: sample))
        #expect(found.kind == .unknownStep)
        #expect(found.problem == "unknown step `advanceClok`; did you mean `advanceClock`?")
        let text = try String(contentsOfFile: samplePath(sample), encoding: .utf8)
        #expect(found.line == text.split(separator: "\n", omittingEmptySubsequences: false).count, "the appended line")
    }

    @Test func anOptionOfAnotherStepSaysWhichStepsTakeIt() throws {
        let found = try #require(try error(appending: "  - launch: \n    reload: true\n", to: "nnmodule-app.yml"))
        #expect(found.kind == .unknownKey)
        #expect(found.problem == "`reload` does not apply to `launch` (it takes no options)")
    }

    @Test func aQFMoudleStepThatNeedsAValueSaysSo() throws {
        let found = try #require(try error(appending: "  - selectTab\n", to: "qfmoudle-app.yml"))
        #expect(found.kind == .missingKey)
        #expect(found.problem == "`selectTab` needs a value")
    }
}
