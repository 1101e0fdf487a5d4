import Foundation
import LegoAnalysis
import LegoModel
import Testing
@testable import LegoGraph

/// Lifetimes read from the replay, and the Chrome trace events written from them.
@Suite struct TimelineTests {
    @Test func theLeakedPostNeverEndsAndPostsAliveAtOnceTakeALaneEach() throws {
        let (events, _) = SampleTraces.faults()
        let timeline = TimelineRecorder.record(events: events, grace: 2)
        let posts = timeline.bars.filter { $0.module == "Post" }
        #expect(posts.count == 3)
        let leaked = try #require(posts.first)
        #expect(leaked.gone != nil && leaked.goneReason == .popped && leaked.released == nil)
        #expect(posts.dropFirst().allSatisfy { $0.gone == nil && $0.released == nil })
        // Three Posts alive at once at the end: three lanes of one row.
        #expect(Set(posts.map(\.lane)) == [0, 1, 2])
        #expect(timeline.laneCounts["Post"] == 3)
        #expect(leaked.ticks.map(\.label).contains("popped"))
        #expect(timeline.modules.first == "IndexTab")
    }

    @Test func aBarIsAliveExactlyWhenGraphAtDrawsItsInstance() {
        let (events, _) = SampleTraces.navigation()
        let timeline = TimelineRecorder.record(events: events)
        for seq in stride(from: UInt64(1), through: events.last!.seq, by: 3) {
            let live = GraphBuilder.build(events: events, scope: .live, stopAfter: seq)
            let alive = timeline.bars.filter { $0.isAlive(afterSeq: seq) }
            #expect(Set(alive.map { "\($0.module)#\($0.object)" }) == Set(live.nodes.map(\.id)), "after seq \(seq)")
        }
        let released = timeline.bars.filter { $0.released != nil }
        #expect(!released.isEmpty, "the navigation sample pops PostComment and dismisses Login")
        #expect(released.allSatisfy { $0.gone != nil && $0.released!.seq >= $0.gone!.seq })
    }

    @Test func theChromeTraceHasATrackPerModuleASlicePerLifetimeAndInstantsForTransitionsURLsAndFindings() throws {
        let (events, findings) = SampleTraces.faults()
        let timeline = TimelineRecorder.record(events: events)
        let text = ChromeTrace.write(timeline, findings: findings, app: "App \"<x>\"")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let all = try #require(root["traceEvents"] as? [[String: Any]])
        #expect(root["displayTimeUnit"] as? String == "ms")
        for event in all {
            #expect(event["name"] is String && event["pid"] is Int && event["tid"] is Int, "\(event)")
            #expect(["M", "X", "i"].contains(event["ph"] as? String), "\(event)")
            if event["ph"] as? String != "M" { #expect((event["ts"] as? Double).map { $0.isFinite && $0 >= 0 } == true, "\(event)") }
            if event["ph"] as? String == "i" { #expect(["t", "p", "g"].contains(event["s"] as? String)) }
        }
        let names = Dictionary(uniqueKeysWithValues: all.filter { $0["name"] as? String == "thread_name" }
            .map { ($0["tid"] as! Int, ($0["args"] as! [String: Any])["name"] as! String) })
        #expect(Set(all.map { $0["tid"] as! Int }).isSubset(of: Set(names.keys)), "every track is named")
        #expect(all.contains { $0["name"] as? String == "process_name" && ($0["args"] as? [String: Any])?["name"] as? String == "App \"<x>\"" })
        let slices = all.filter { $0["ph"] as? String == "X" }
        #expect(slices.count == timeline.bars.count)
        #expect(slices.allSatisfy { ($0["dur"] as? Double ?? -1) >= 0 })
        // Slices of one track never overlap, so every viewer nests them.
        for (tid, track) in Dictionary(grouping: slices, by: { $0["tid"] as! Int }) {
            let spans = track.map { ($0["ts"] as! Double, $0["ts"] as! Double + ($0["dur"] as! Double)) }.sorted { $0.0 < $1.0 }
            for (left, right) in zip(spans, spans.dropFirst()) { #expect(left.1 <= right.0, "overlapping slices on track \(tid)") }
        }
        let postTracks = Set(slices.filter { ($0["args"] as? [String: Any])?["module"] as? String == "Post" }.map { $0["tid"] as! Int })
        #expect(postTracks.count == 3)
        #expect(postTracks.contains { names[$0] == "Post" })
        let instants = all.filter { $0["ph"] as? String == "i" }
        #expect(instants.filter { $0["cat"] as? String == "transition" }.count == timeline.bars.map(\.ticks.count).reduce(0, +))
        #expect(instants.filter { $0["cat"] as? String == "url" }.count == timeline.urlOpens.count)
        let marked = instants.filter { $0["cat"] as? String == "finding" }
        #expect(marked.map { $0["name"] as! String }.sorted() == findings.map(\.ruleID).sorted())
        let leak = try #require(marked.first { $0["name"] as? String == "leaked-module" })
        #expect(names[leak["tid"] as! Int] == "Post")
        // A finding on a module not in the timeline goes to the app track.
        #expect(marked.first { $0["name"] as? String == "naming-problem" }?["tid"] as? Int == 0)
    }
}
