import Foundation
import LegoModel
import LegoAnalysis
import Testing

@Test func aFullConfigFileParses() throws {
    let yaml = """
    # lego-trace settings
    grace: 3.5
    url-check: legacy
    severity:
      lost-event: error
      orphan-component: off
    allow:
      leaked-module: [CachedHome, "Singleton*"]
      "*":
        - Debug*
    """
    let configuration = try AnalysisConfiguration.parse(yaml: yaml, file: ".lego-trace.yml")
    #expect(configuration.grace == 3.5)
    #expect(configuration.urlCheck == .legacy)
    #expect(configuration.severities == ["lost-event": .error])
    #expect(configuration.disabled == ["orphan-component"])
    #expect(configuration.allow == ["leaked-module": ["CachedHome", "Singleton*"], "*": ["Debug*"]])
    #expect(configuration.allows(ruleID: "leaked-module", module: "SingletonPlayer"))
    #expect(configuration.allows(ruleID: "lost-event", module: "DebugMenu"))
    #expect(!configuration.allows(ruleID: "lost-event", module: "CachedHome"))
    let orphan = try #require(DetectorRegistry.rule(id: "orphan-component"))
    #expect(configuration.severity(for: orphan) == nil)
}

@Test func anEmptyConfigIsTheDefault() throws {
    #expect(try AnalysisConfiguration.parse(yaml: "", file: "c.yml") == AnalysisConfiguration())
    #expect(AnalysisConfiguration().grace == 2)
    #expect(AnalysisConfiguration().urlCheck == .strict)
}

@Test func unknownRuleIDsAreErrorsWithTheLineAndASuggestion() {
    let yaml = "grace: 2\nseverity:\n  leaked-modul: warning\n"
    #expect(throws: AnalysisError.invalidConfiguration(
        file: "app.yml", line: 3, problem: "unknown rule 'leaked-modul' (did you mean 'leaked-module'?); `lego-trace rules` lists them")) {
        try AnalysisConfiguration.parse(yaml: yaml, file: "app.yml")
    }
    let error = AnalysisError.invalidConfiguration(file: "app.yml", line: 3, problem: "x")
    #expect(error.description == "app.yml:3: x")
}

@Test func badValuesAndKeysNameTheirLine() {
    let cases: [(String, Int, String)] = [
        ("grace: soon\n", 1, "grace must be a non-negative number of seconds"),
        ("grace: -1\n", 1, "grace must be a non-negative number of seconds"),
        ("\nurl-check: loose\n", 2, "url-check must be strict or legacy"),
        ("severity:\n  lost-event: fatal\n", 2, "severity of 'lost-event' must be error, warning, note or off, not 'fatal'"),
        ("graec: 2\n", 1, "unknown key 'graec' (did you mean 'grace'?) (expected grace, url-check, severity, allow or scan)"),
        ("allow:\n  leaked-module: {a: b}\n", 2, "allow for 'leaked-module' must be a list of module name patterns"),
    ]
    for (yaml, line, problem) in cases {
        #expect(throws: AnalysisError.invalidConfiguration(file: "c.yml", line: line, problem: problem)) {
            try AnalysisConfiguration.parse(yaml: yaml, file: "c.yml")
        }
    }
}

@Test func invalidYAMLNamesTheLine() throws {
    let error = try #require(#expect(throws: AnalysisError.self) {
        try AnalysisConfiguration.parse(yaml: "grace: 2\nallow: [a, b\nseverity: x\n", file: "c.yml")
    })
    #expect(error.description.hasPrefix("c.yml:"))
    #expect(error.description.contains(": invalid YAML"))
    #expect(!error.description.contains("\n"))
}

@Test func aRuleWrittenTwiceTakesItsLastLevelOnly() throws {
    // Found by fuzz-config: a severity then `off` for one rule left it both disabled and with a severity.
    let off = try AnalysisConfiguration.parse(yaml: "severity: {leaked-module: warning, leaked-module: off}\n", file: "c.yml")
    #expect(off.disabled == ["leaked-module"])
    #expect(off.severities.isEmpty)
    let on = try AnalysisConfiguration.parse(yaml: "severity: {leaked-module: off, leaked-module: warning}\n", file: "c.yml")
    #expect(on.disabled.isEmpty)
    #expect(on.severities == ["leaked-module": .warning])
}

@Test func keysAndRuleIDsQuotedWithNewlinesStayOnOneLineInErrors() throws {
    // Caught by fuzz-config's one-line check: a quoted key or rule id with `\n` split the error over two lines.
    let key = try #require(#expect(throws: AnalysisError.self) {
        try AnalysisConfiguration.parse(yaml: "\"gr\\nace\": 1\n", file: "c.yml")
    })
    #expect(key.description == "c.yml:1: unknown key 'gr\\nace' (did you mean 'grace'?) (expected grace, url-check, severity, allow or scan)")
    let rule = try #require(#expect(throws: AnalysisError.self) {
        try AnalysisConfiguration.parse(yaml: "severity:\n  \"leaked-module\\r\\n\": error\n", file: "c\n.yml")
    })
    #expect(rule.description == "c\\n.yml:2: unknown rule 'leaked-module\\r\\n' (did you mean 'leaked-module'?); `lego-trace rules` lists them")
}

@Test func discoverFindsTheFileInADirectoryAndLoadReportsMissingFiles() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lego-config-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(try AnalysisConfiguration.discover(in: directory) == nil)
    try "grace: 7\n".write(toFile: directory + "/.lego-trace.yml", atomically: true, encoding: .utf8)
    #expect(try AnalysisConfiguration.discover(in: directory)?.grace == 7)
    #expect(throws: AnalysisError.unreadable(path: directory + "/none.yml", reason: "no such config file")) {
        try AnalysisConfiguration.load(path: directory + "/none.yml")
    }
    #expect(throws: AnalysisError.unreadable(path: directory, reason: "is a directory, not a config file")) {
        try AnalysisConfiguration.load(path: directory)
    }
}

@Test func wildcardPatternsMatchWholeNames() {
    #expect(AnalysisConfiguration.matches(pattern: "Cached*", name: "CachedHome"))
    #expect(AnalysisConfiguration.matches(pattern: "*Home", name: "CachedHome"))
    #expect(AnalysisConfiguration.matches(pattern: "C*d*e", name: "CachedHome"))
    #expect(AnalysisConfiguration.matches(pattern: "*", name: ""))
    #expect(!AnalysisConfiguration.matches(pattern: "Cached", name: "CachedHome"))
    #expect(!AnalysisConfiguration.matches(pattern: "Home*", name: "CachedHome"))
    #expect(AnalysisConfiguration.matches(pattern: "首页*", name: "首页缓存"))
}

@Test func deeplyNestedConfigIsAPositionedErrorNotACrash() {
    #expect(throws: AnalysisError.tooDeeplyNested(file: "deep.yml", YAMLNesting.Excess(line: 1, column: 8 + YAMLNesting.limit - 1, limit: YAMLNesting.limit))) {
        try AnalysisConfiguration.parse(yaml: "allow: " + String(repeating: "[", count: 8000), file: "deep.yml")
    }
    #expect(AnalysisError.tooDeeplyNested(file: "deep.yml", YAMLNesting.Excess(line: 1, column: 9, limit: 100)).description == "deep.yml:1:9: nesting deeper than 100")
}
