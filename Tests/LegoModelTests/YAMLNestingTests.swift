import LegoModel
import Testing

/// The nesting bound checked before YAML reaches Yams, whose recursive composer overflowed the stack (issue #13, item 2).
@Suite struct YAMLNestingTests {
    @Test func ordinaryDocumentsPass() {
        let scenario = """
            app:
              name: BDJ
              modules:
                - { name: Post, url: "bdj://essence/post", layers: [routing, presenter] }
                - name: Comment   # a comment with [[[[ brackets
                  note: 'it''s [not] nested'
              text: |
                [[[[[[[[[[ block scalar text is not nesting ]]]]
            journey:
              - push: Post
            """
        #expect(YAMLNesting.firstExcess(in: scenario) == nil)
        #expect(YAMLNesting.firstExcess(in: "") == nil)
        #expect(YAMLNesting.firstExcess(in: "say: \"[[[[[[[[\"") == nil)
    }

    @Test func deepFlowNestingIsFoundAtItsColumn() throws {
        let excess = try #require(YAMLNesting.firstExcess(in: "key:\n  " + String(repeating: "[", count: 8000)))
        #expect(excess.line == 2)
        // Two block levels (the `key:` mapping, the indented value) and 99 brackets reach the limit.
        #expect(excess.column == 3 + YAMLNesting.limit - 2)
        #expect(excess.description == "nesting deeper than \(YAMLNesting.limit)")
        let deepest = YAMLNesting.limit - 1
        #expect(YAMLNesting.firstExcess(in: String(repeating: "[", count: deepest) + String(repeating: "]", count: deepest)) == nil)
        #expect(YAMLNesting.firstExcess(in: String(repeating: "[", count: deepest + 1)) != nil)
    }

    @Test func deepBlockNestingIsFound() throws {
        var text = ""
        for level in 0...150 { text += String(repeating: " ", count: level) + "k\(level):\n" }
        let excess = try #require(YAMLNesting.firstExcess(in: text))
        #expect(excess.line == YAMLNesting.limit + 1)
        let compact = String(repeating: "- ", count: 500) + "x"
        #expect(YAMLNesting.firstExcess(in: compact) != nil)
    }

    @Test func compactLevelsCountForTheLinesBelowThem() {
        var text = String(repeating: "- ", count: 60) + "a:\n"
        text += String(repeating: " ", count: 130) + String(repeating: "- ", count: 60) + "b"
        #expect(YAMLNesting.firstExcess(in: text) != nil)
    }

    @Test func nestingAfterABlockScalarCountsAgain() throws {
        let deep = String(repeating: "[", count: 200)
        let text = "a: |-\n  \(deep)\n\nb: \(deep)\n"
        let excess = try #require(YAMLNesting.firstExcess(in: text))
        #expect(excess.line == 4)
    }
}
