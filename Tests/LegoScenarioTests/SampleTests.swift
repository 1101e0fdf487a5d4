import Foundation
import Testing
@testable import LegoScenario

/// The `samples/` folder of the package, found from this file's path.
let samplesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("samples")

@Test func bdjAppParses() throws {
    let scenario = try Scenario.load(path: samplesDirectory.appendingPathComponent("bdj-app.yml").path)
    #expect(scenario.app.modules.count == 19)
    #expect(scenario.app.prefix == "BDJ")
    #expect(scenario.journey.first?.action == .enableLogs(routing: true, component: true))
}
