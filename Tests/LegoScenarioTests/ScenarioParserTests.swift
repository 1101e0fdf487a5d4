import Foundation
import LegoModel
import Testing
@testable import LegoScenario

/// A small valid app; tests append journey steps or swap lines to make one mistake at a time.
let miniApp = """
app:
  name: Mini
  prefix: BDJ
  modules:
    - {name: IndexTab}
    - {name: Post}
    - {name: PostComment}
    - {name: Publish, kind: controller}
  urls:
    - bdj://indexTab
    - bdj://essence/post
    - bdj://essence/post/postComment
"""

/// Parses `yaml` and returns the error it must raise.
func parseError(_ yaml: String, file: String = "mini.yml") -> ScenarioError? {
    do {
        _ = try Scenario.parse(yaml: yaml, file: file)
        return nil
    } catch {
        return error
    }
}

@Test func miniAppWithAFullJourneyParses() throws {
    let scenario = try Scenario.parse(yaml: miniApp + """

    journey:
      - showRoot: bdj://indexTab
      - push: bdj://essence/post
        data: 你好
      - present: PostComment
      - dismiss
      - pop:
        data: back
      - push: Publish
        from: IndexTab
      - popTo: IndexTab
      - addSub: [Post, bdj://essence/post/postComment]
        to: IndexTab
      - sendEvent: Refresh
        to: [Post, PostComment]
        data: 1
      - sendEvent: Theme
      - observe: [AppDidBecomeActive]
        from: Post
      - postNotification: AppDidBecomeActive
      - hold: Post
      - release: Post
      - hold
        # the current screen needs a label; a bare `hold` is rejected elsewhere
      - {hold: ~, label: screen}
      - release: screen
      - retainCycle: Post
      - retainCycle
      - advanceClock: 2.5
      - enableLogs: {routing: true}
      - enableLogs: false
      - registerURL: bdj://essence/post/hot
        component: Post
      - registerURLs: {bdj://indexTab: IndexTab}
      - removeURL: bdj://indexTab
    """.replacingOccurrences(of: "  - hold\n    # the current screen needs a label; a bare `hold` is rejected elsewhere\n", with: ""), file: "mini.yml")
    let actions = scenario.journey.map(\.action)
    #expect(actions == [
        .showRoot(.url("bdj://indexTab")),
        .push(.url("bdj://essence/post"), data: "你好"),
        .present(.name("PostComment"), data: nil, thenDismissOpener: false),
        .dismiss(data: nil),
        .pop(data: "back"),
        .push(.name("Publish"), data: nil),
        .popTo("IndexTab"),
        .addSub([.name("Post"), .url("bdj://essence/post/postComment")], to: "IndexTab"),
        .sendEvent("Refresh", to: ["Post", "PostComment"], data: "1"),
        .sendEvent("Theme", to: nil, data: nil),
        .observe(["AppDidBecomeActive"]),
        .postNotification("AppDidBecomeActive", data: nil),
        .hold("Post", label: "Post"),
        .release(label: "Post"),
        .hold(nil, label: "screen"),
        .release(label: "screen"),
        .retainCycle("Post"),
        .retainCycle(nil),
        .advanceClock(2.5),
        .enableLogs(routing: true, component: false),
        .enableLogs(routing: false, component: false),
        .registerURL(Scenario.Route(url: "bdj://essence/post/hot", component: "Post", position: Scenario.Position(line: 42, column: 18))),
        .registerURLs(.replace([Scenario.Route(url: "bdj://indexTab", component: "IndexTab", position: Scenario.Position(line: 44, column: 20))])),
        .removeURL("bdj://indexTab"),
    ])
    #expect(scenario.journey[5].from == "IndexTab")
    #expect(scenario.journey[10].from == "Post")
    #expect(scenario.journey[1].position == Scenario.Position(line: 15, column: 5))
}

@Test func errorDescriptionIsOneLineWithFileLineAndColumn() {
    let error = ScenarioError(file: "a.yml", line: 3, column: 7, kind: .invalidValue, problem: "bad\nthing")
    #expect(error.description == "a.yml:3:7: bad\\nthing")
    let fileError = ScenarioError(file: "a.yml", line: nil, column: nil, kind: .unreadableFile, problem: "no such scenario file")
    #expect(fileError.description == "a.yml: no such scenario file")
}

@Test func unknownKeySuggestsTheClosestKey() throws {
    let error = try #require(parseError(miniApp.replacingOccurrences(of: "  prefix: BDJ", with: "  prefx: BDJ") + "\njourney: []"))
    #expect(error.kind == .unknownKey)
    #expect(error.description == "mini.yml:3:3: unknown key `prefx` in app; did you mean `prefix`?")
}

@Test func unknownKeyWithoutACloseMatchListsTheKnownKeys() throws {
    let error = try #require(parseError("app: {}\nextra: 1\njourney: []"))
    #expect(error.description == "mini.yml:2:1: unknown key `extra` in the scenario; expected one of: framework, description, app, journey")
}

@Test func unknownModuleKeyIsReportedAtTheKey() throws {
    let yaml = miniApp.replacingOccurrences(of: "    - {name: Post}", with: "    - {name: Post, layer: [routing]}") + "\njourney: []"
    let error = try #require(parseError(yaml))
    #expect(error.description == "mini.yml:6:20: unknown key `layer` in a module; did you mean `layers`?")
}

@Test func unknownStepKindSuggestsTheClosestStep() throws {
    let error = try #require(parseError(miniApp + "\njourney:\n  - showRoot: bdj://indexTab\n  - pusj: Post\n"))
    #expect(error.kind == .unknownStep)
    #expect(error.description == "mini.yml:15:5: unknown step `pusj`; did you mean `push`?")
}

@Test func bareUnknownStepIsReported() throws {
    let error = try #require(parseError(miniApp + "\njourney:\n  - popp\n"))
    #expect(error.description == "mini.yml:14:5: unknown step `popp`; did you mean `pop`?")
}

@Test func unknownOptionOfAStepIsAnUnknownKey() throws {
    let error = try #require(parseError(miniApp + "\njourney:\n  - push: Post\n    frm: IndexTab\n"))
    #expect(error.kind == .unknownKey)
    #expect(error.description == "mini.yml:15:5: unknown key `frm` in step `push`; did you mean `from`?")
}

@Test func optionOfAnotherStepIsRejectedWithWhatTheStepTakes() throws {
    let error = try #require(parseError(miniApp + "\njourney:\n  - popTo: IndexTab\n    data: x\n"))
    #expect(error.description == "mini.yml:15:5: `data` does not apply to `popTo`; it takes: from, unchecked")
}

@Test func twoActionsInOneStepAreRejected() throws {
    let error = try #require(parseError(miniApp + "\njourney:\n  - push: Post\n    pop: ~\n"))
    #expect(error.description == "mini.yml:15:5: a journey step does one thing; this one has both `push` and `pop` (split it into two steps)")
}

@Test func wrongTypesSayWhatWasExpectedAndFound() throws {
    let journeyList = try #require(parseError(miniApp + "\njourney: {push: Post}\n"))
    #expect(journeyList.kind == .wrongType)
    #expect(journeyList.description == "mini.yml:13:10: `journey` must be a list of steps, found a mapping")

    let clock = try #require(parseError(miniApp + "\njourney:\n  - advanceClock: soon\n"))
    #expect(clock.description == "mini.yml:14:19: `advanceClock` must be a number of seconds, found `soon`")

    let negative = try #require(parseError(miniApp + "\njourney:\n  - advanceClock: -1\n"))
    #expect(negative.kind == .invalidValue)
    #expect(negative.description == "mini.yml:14:19: `advanceClock` must be a finite number of seconds, zero or more, found -1")

    let modules = try #require(parseError("app:\n  name: X\n  prefix: BDJ\n  modules: IndexTab\njourney: []\n"))
    #expect(modules.description == "mini.yml:4:12: app `modules` must be a list of modules, found `IndexTab`")

    let logs = try #require(parseError(miniApp + "\njourney:\n  - enableLogs: loud\n"))
    #expect(logs.description == "mini.yml:14:17: `enableLogs` must be true or false, found `loud`")

    let popValue = try #require(parseError(miniApp + "\njourney:\n  - pop: Post\n"))
    #expect(popValue.description == "mini.yml:14:10: `pop` takes no value (use `from:` to pop another component), found `Post`")

    let name = try #require(parseError("app:\n  name: [a, b]\n  prefix: BDJ\n  modules: [{name: A}]\njourney: []\n"))
    #expect(name.description == "mini.yml:2:9: app `name` must be text, found a list")
}

@Test func advanceClockStepsWhoseSumOverflowsAreRejectedAtTheStepThatOverflows() throws {
    // Found by fuzz-scenario: each step was finite, the clock became infinite and `RunSummary.description` trapped.
    let error = try #require(parseError(miniApp + "\njourney:\n  - advanceClock: 1e308\n  - advanceClock: 1e308\n"))
    #expect(error.kind == .invalidValue)
    #expect(error.description == "mini.yml:15:19: `advanceClock` takes the journey's clock past the largest number of seconds a trace can hold")

    let scenario = try Scenario.parse(yaml: miniApp + "\njourney:\n  - advanceClock: 1e308\n  - advanceClock: 7e307\n", file: "mini.yml")
    #expect(scenario.journey.map(\.action) == [.advanceClock(1e308), .advanceClock(7e307)])
}

@Test func missingKeysAreReportedAtTheirMapping() throws {
    let noJourney = try #require(parseError(miniApp))
    #expect(noJourney.kind == .missingKey)
    #expect(noJourney.description == "mini.yml:1:1: the scenario is missing `journey`")

    let noName = try #require(parseError("app:\n  prefix: BDJ\n  modules: [{name: A}]\njourney: []\n"))
    #expect(noName.description == "mini.yml:2:3: app is missing `name`")

    let noPrefix = try #require(parseError("app:\n  name: X\n  modules:\n    - {name: A}\njourney: []\n"))
    #expect(noPrefix.description == "mini.yml:4:7: module `A` has no class prefix: set `prefix` or `classPrefix` in app, or `classPrefix` here")

    let holdLabel = try #require(parseError(miniApp + "\njourney:\n  - hold\n"))
    #expect(holdLabel.description == "mini.yml:14:5: `hold` of the current screen needs a `label:` to release it by")

    let empty = try #require(parseError(""))
    #expect(empty.description == "mini.yml:1:1: the scenario is empty; expected a mapping with `app` and `journey`")
}

@Test func duplicateKeysPointAtTheSecondAndNameTheFirst() throws {
    let error = try #require(parseError(miniApp + "\njourney: []\njourney: []\n"))
    #expect(error.kind == .duplicateKey)
    #expect(error.description == "mini.yml:14:1: duplicate key `journey` in the scenario (first written at 13:1)")
}

@Test func unknownModulesAndURLsInTheJourneyAreReportedWithSuggestions() throws {
    let module = try #require(parseError(miniApp + "\njourney:\n  - push: PostComent\n"))
    #expect(module.kind == .unknownReference)
    #expect(module.description == "mini.yml:14:11: unknown module `PostComent`: no module declares it; did you mean `PostComment`?")

    let url = try #require(parseError(miniApp + "\njourney:\n  - push: bdj://essence/post/postComent?id=1\n"))
    #expect(url.description == "mini.yml:14:11: URL `bdj://essence/post/postComent?id=1` is not registered at this point; did you mean `bdj://essence/post/postComment`?")

    let from = try #require(parseError(miniApp + "\njourney:\n  - pop:\n    from: Ghost\n"))
    #expect(from.description == "mini.yml:15:11: unknown module `Ghost`: no module declares it; expected one of: IndexTab, Post, PostComment, Publish")

    let removed = try #require(parseError(miniApp + "\njourney:\n  - removeURL: bdj://indexTab\n  - showRoot: bdj://indexTab\n"))
    #expect(removed.description == "mini.yml:15:15: URL `bdj://indexTab` is not registered at this point; expected one of: bdj://essence/post, bdj://essence/post/postComment")

    let receiver = try #require(parseError(miniApp + "\njourney:\n  - sendEvent: E\n    to: [Post, Pots]\n"))
    #expect(receiver.description == "mini.yml:15:16: unknown module `Pots`: no module declares it; did you mean `Post`?")

    let release = try #require(parseError(miniApp + "\njourney:\n  - release: cache\n"))
    #expect(release.description == "mini.yml:14:14: `release` of `cache`, which no earlier `hold` holds")

    let http = try #require(parseError(miniApp + "\njourney:\n  - push: https://example.com/a\n"))
    #expect(http.description == "mini.yml:14:11: URL `https://example.com/a` is an http URL but the app declares no `httpHandler`")

    let route = try #require(parseError(miniApp + "\n    - bdj://userCenter/signIn\njourney: []\n"))
    #expect(route.description == "mini.yml:13:7: URL `bdj://userCenter/signIn` names component `SignIn`, which no module declares; expected one of: IndexTab, Post, PostComment, Publish")
}

@Test func uncheckedStepsMayReferToWhatTheAppDoesNotDeclare() throws {
    let scenario = try Scenario.parse(yaml: miniApp + """

    journey:
      - showRoot: bdj://indexTab
      - push: bdj://nowhere
        unchecked: true
      - sendEvent: Ping
        to: Ghost
        unchecked: true
      - registerURL: bdj://ghost/page
        unchecked: true
    """, file: "mini.yml")
    #expect(scenario.journey[1].unchecked)
    #expect(scenario.journey[2].action == .sendEvent("Ping", to: ["Ghost"], data: nil))
}

@Test func invalidModuleDeclarationsAreRejected() throws {
    let kind = try #require(parseError("app:\n  name: X\n  prefix: BDJ\n  modules:\n    - {name: A, kind: viewmodel}\njourney: []\n"))
    #expect(kind.kind == .invalidValue)
    #expect(kind.description == "mini.yml:5:23: unknown module kind `viewmodel` in module `A`; did you mean `viewModel`?")

    let layer = try #require(parseError("app:\n  name: X\n  prefix: BDJ\n  modules:\n    - {name: A, layers: [routing, presentr]}\njourney: []\n"))
    #expect(layer.description == "mini.yml:5:35: unknown layer `presentr` in module `A`; did you mean `presenter`?")

    let gene = try #require(parseError("app:\n  name: X\n  prefix: BDJ\n  modules:\n    - {name: Post}\n    - {name: VideoPost, kind: virtual, gene: Pots}\njourney: []\n"))
    #expect(gene.kind == .unknownReference)
    #expect(gene.description == "mini.yml:6:7: gene `Pots` of module `VideoPost` is not a declared viper module; did you mean `Post`?")

    let noGene = try #require(parseError("app:\n  name: X\n  prefix: BDJ\n  modules:\n    - {name: Video, kind: virtual}\njourney: []\n"))
    #expect(noGene.description == "mini.yml:5:7: virtual module `Video` needs a `gene`: no declared viper module name ends its name")

    let geneOnViper = try #require(parseError("app:\n  name: X\n  prefix: BDJ\n  modules:\n    - {name: A, gene: B}\njourney: []\n"))
    #expect(geneOnViper.description == "mini.yml:5:23: `gene` only applies to modules of kind virtual; module `A` is viper")

    let twice = try #require(parseError("app:\n  name: X\n  prefix: BDJ\n  modules:\n    - {name: A}\n    - {name: A, layers: [routing]}\njourney: []\n"))
    #expect(twice.kind == .duplicateClass)
    #expect(twice.description == "mini.yml:6:7: class `BDJARouting` is declared twice: by module `A` at 5:7 and by module `A`")
}

@Test func moduleKindsLayersGenesAndSecondPrefixesResolveAsTheFrameworkNamesThem() throws {
    let scenario = try Scenario.parse(yaml: """
    app:
      name: X
      prefix: XF
      modules:
        - {name: Post}
        - {name: NewAllPost, kind: virtual}
        - {name: Setting, kind: viewModel, classPrefix: LG}
        - {name: Comment, kind: controller}
        - {name: Comment, layers: [routing, presenter]}
    journey:
      - push: LGSetting
      - push: Comment
    """, file: "x.yml")
    let modules = scenario.app.modules
    #expect(modules[1].gene == "Post")
    #expect(modules[2].componentName == "LGSetting")
    #expect(modules[4].layers == [.routing, .presenter])
    #expect(modules[3].componentName == modules[4].componentName)
}

@Test func prefixIsInferredFromTheFirstRoutingClassWhenNotGiven() throws {
    let scenario = try Scenario.parse(yaml: """
    app:
      name: X
      modules:
        - {name: Setting, kind: viewModel, classPrefix: LG}
        - {name: Essence, classPrefix: BDJ}
        - {name: Other, classPrefix: LG}
    journey: []
    """, file: "x.yml")
    #expect(scenario.app.effectivePrefix == "BDJ")
    #expect(scenario.app.modules.map(\.componentName) == ["LGSetting", "Essence", "LGOther"])
}

@Test func yamlSyntaxErrorsCarryLibyamlsPosition() throws {
    let tab = try #require(parseError("app:\n\tname: X\n"))
    #expect(tab.kind == .syntax)
    #expect(tab.description.hasPrefix("mini.yml:2:1: YAML syntax error: "))

    let unclosed = try #require(parseError(miniApp + "\njourney:\n  - {push: Post\n"))
    #expect(unclosed.kind == .syntax)
    #expect(unclosed.description.hasPrefix("mini.yml:15:1: YAML syntax error: while parsing a flow mapping (at 14:5), "))

    let indentation = try #require(parseError("app:\n  name: X\n prefix: BDJ\n"))
    #expect(indentation.description.hasPrefix("mini.yml:3:"))
}

@Test func hostileTextStaysOnOneLineInErrors() throws {
    let error = try #require(parseError(miniApp + "\njourney:\n  - push: \"<script>\\n\\\"😀\"\n", file: "dir/路径 \"q\".yml"))
    #expect(error.description == "dir/路径 \"q\".yml:14:11: unknown module `<script>\\n\"😀`: no module declares it; expected one of: IndexTab, Post, PostComment, Publish")
    #expect(!error.description.contains("\n"))
}

@Test func controlCharactersInKeysAndFileNamesAreEscapedInErrors() throws {
    // Caught by fuzz-scenario's one-line check: a vertical tab (or a newline in the path) still broke the line.
    let error = try #require(parseError("\"a\\vb\": 1\n", file: "dir\n/app.yml"))
    #expect(error.description == "dir\\n/app.yml:1:1: unknown key `a\\u{B}b` in the scenario; expected one of: framework, description, app, journey")
}

@Test func loadReportsMissingUnreadableAndDirectoryPaths() throws {
    let missing = "/nonexistent/dir/scenario.yml"
    #expect(throws: ScenarioError(file: missing, line: nil, column: nil, kind: .unreadableFile, problem: "no such scenario file")) {
        try Scenario.load(path: missing)
    }
    let directory = FileManager.default.temporaryDirectory.path
    #expect(throws: ScenarioError(file: directory, line: nil, column: nil, kind: .unreadableFile, problem: "is a directory, not a scenario file")) {
        try Scenario.load(path: directory)
    }
    let binary = FileManager.default.temporaryDirectory.appendingPathComponent("lego-scenario-\(UUID().uuidString).yml")
    try Data([0xFF, 0xFE, 0x00, 0x80]).write(to: binary)
    defer { try? FileManager.default.removeItem(at: binary) }
    #expect(throws: ScenarioError(file: binary.path, line: nil, column: nil, kind: .unreadableFile, problem: "is not UTF-8 text")) {
        try Scenario.load(path: binary.path)
    }
}

@Test func loadPassesThePathIntoErrorsFromInside() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("lego-scenario-\(UUID().uuidString).yml")
    try Data((miniApp + "\njourney:\n  - pusj: Post\n").utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    do {
        _ = try Scenario.load(path: file.path)
        Issue.record("expected an error")
    } catch {
        #expect(error.description == "\(file.path):14:5: unknown step `pusj`; did you mean `push`?")
    }
}

@Test func unusualDocumentsGetClearErrors() throws {
    let list = try #require(parseError("- app\n- journey\n"))
    #expect(list.description == "mini.yml:1:1: the scenario must be a mapping of keys to values, found a list")

    let twoDocuments = try #require(parseError("app: {}\n---\njourney: []\n"))
    #expect(twoDocuments.kind == .syntax)
    #expect(twoDocuments.description.hasPrefix("mini.yml:2:1: YAML syntax error: "))

    let crlf = try #require(parseError((miniApp + "\njourney:\n  - pusj: Post\n").replacingOccurrences(of: "\n", with: "\r\n")))
    #expect(crlf.description == "mini.yml:14:5: unknown step `pusj`; did you mean `push`?")
}

@Test func deeplyNestedYAMLIsAPositionedErrorNotACrash() throws {
    let error = try #require(parseError("app:\n  name: " + String(repeating: "[", count: 8000)))
    #expect(error.description == "mini.yml:2:\(9 + YAMLNesting.limit - 2): nesting deeper than \(YAMLNesting.limit)")
}

@Test func thenDismissIsAPresentsBooleanOption() throws {
    let scenario = try Scenario.parse(yaml: miniApp + "\njourney:\n  - present: Publish\n    thenDismiss: true\n  - {present: Post, thenDismiss: no}\n", file: "mini.yml")
    #expect(scenario.journey.map(\.action) == [
        .present(.name("Publish"), data: nil, thenDismissOpener: true),
        .present(.name("Post"), data: nil, thenDismissOpener: false),
    ])
    let wrongType = try #require(parseError(miniApp + "\njourney:\n  - present: Post\n    thenDismiss: soon\n"))
    #expect(wrongType.description == "mini.yml:15:18: `thenDismiss` must be true or false, found `soon`")
    let onPush = try #require(parseError(miniApp + "\njourney:\n  - push: Post\n    thenDismiss: true\n"))
    #expect(onPush.description == "mini.yml:15:5: `thenDismiss` does not apply to `push`; it takes: from, data, unchecked")
}

/// Scenarios name their framework at the top (issue #20); none means XFLegoVIPER, so every older scenario is valid.
@Suite struct ScenarioFrameworkKeyTests {
    @Test func aScenarioWithoutOrWithTheXFLegoVIPERKeyIsAnXFLegoVIPERScenario() throws {
        for head in ["", "framework: xflegoviper\n", "framework: XFLegoVIPER\n"] {
            let scenario = try ScenarioDocument.parse(yaml: head + miniApp + "\njourney: []", file: "mini.yml")
            #expect(scenario.framework == .xflegoViper)
            #expect(scenario is Scenario)
        }
    }

    @Test func anUnknownFrameworkIsAnErrorAtItsKeyWithTheKnownNames() throws {
        let error = try #require(parseError("framework: beehive\n" + miniApp + "\njourney: []"))
        #expect(error.kind == .invalidValue)
        #expect(error.description == "mini.yml:1:12: unknown framework `beehive`; expected one of: xflegoviper, qfmoudle, nnmodule")
        let listed = try #require(parseError("framework: [a]\n" + miniApp + "\njourney: []"))
        #expect(listed.kind == .wrongType)
    }
}
