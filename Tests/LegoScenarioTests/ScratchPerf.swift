import Testing
import Foundation
import LegoTraceIO
@testable import LegoScenario

@Test(arguments: [1_000]) func scratchPerf(_ n: Int) throws {
    var t = Date()
    let text = ScenarioGenerator.generate(modules: 500, steps: n, seed: 1)
    FileHandle.standardError.write("generate \(n) \(Date().timeIntervalSince(t)) \(text.utf8.count)\n".data(using: .utf8)!)
    t = Date()
    let s = try Scenario.parse(yaml: text, file: "big.yml")
    FileHandle.standardError.write("parse \(n) \(Date().timeIntervalSince(t)) \(s.journey.count)\n".data(using: .utf8)!)
    t = Date()
    let summary = ScenarioRunner.run(s, sink: nil, console: nil)
    FileHandle.standardError.write("run \(n) \(Date().timeIntervalSince(t)) \(summary)\n".data(using: .utf8)!)
}
