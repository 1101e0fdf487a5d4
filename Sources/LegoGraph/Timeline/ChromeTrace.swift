import LegoAnalysis
import LegoModel

/// Writes a `Timeline` in the Chrome trace event format that Perfetto and `chrome://tracing` open.
///
/// One process (the app); a track (thread) per module, with an extra track for each instance of the name alive
/// at the same time as another (a duplicate), so the slices of a track never overlap; a complete event (`X`)
/// per instance lifetime; instant events (`i`) for its transitions and screen changes, for findings on the
/// module's track, and for URL opens on the app track. Times are microseconds of trace time.
public enum ChromeTrace {
    /// The JSON text for `timeline` with `findings` marked, naming the process `app`.
    public static func write(_ timeline: Timeline, findings: [Finding], app: String) -> String {
        var events: [String] = []
        func add(_ members: [(String, String)]) {
            events.append("{" + members.map { "\(JSONText.quoted($0)):\($1)" }.joined(separator: ",") + "}")
        }
        func text(_ value: String) -> String { JSONText.quoted(value) }
        func micros(_ seconds: Double) -> String { TimelineJSON.number((seconds * 1_000_000).rounded()) }
        let end = timeline.end?.time ?? 0

        add([("name", text("process_name")), ("ph", text("M")), ("pid", "1"), ("tid", "0"), ("args", "{\"name\":\(text(app))}")])
        add([("name", text("thread_name")), ("ph", text("M")), ("pid", "1"), ("tid", "0"), ("args", "{\"name\":\(text("app: URL opens, findings"))}")])
        // Tracks in row order: a module's lanes one after another.
        var track: [String: [Int]] = [:]
        var next = 1
        let lanes = timeline.laneCounts
        for module in timeline.modules {
            let count = lanes[module] ?? 1
            track[module] = Array(next..<next + count)
            for lane in 0..<count {
                let name = lane == 0 ? module : "\(module) (alive at once #\(lane + 1))"
                add([("name", text("thread_name")), ("ph", text("M")), ("pid", "1"), ("tid", String(next)), ("args", "{\"name\":\(text(name))}")])
                add([("name", text("thread_sort_index")), ("ph", text("M")), ("pid", "1"), ("tid", String(next)), ("args", "{\"sort_index\":\(next)}")])
                next += 1
            }
        }
        for bar in timeline.bars {
            let tid = String(track[bar.module]![bar.lane])
            let stop = bar.released?.time ?? end
            var args = "{\"module\":\(text(bar.module)),\"kind\":\(text(bar.kind.rawValue)),\"assembledSeq\":\(bar.assembled.seq)"
            args += ",\"shownSeq\":\(bar.shown.map { String($0.seq) } ?? "null"),\"goneSeq\":\(bar.gone.map { String($0.seq) } ?? "null")"
            args += ",\"goneReason\":\(bar.goneReason.map { text($0.rawValue) } ?? "null")"
            args += ",\"releasedSeq\":\(bar.released.map { String($0.seq) } ?? "null"),\"aliveAtEnd\":\(bar.released == nil)"
            args += ",\"outlivedScreenBeyondGrace\":\(bar.outlivedScreen(by: timeline.grace, end: end))}"
            add([("name", text(bar.instance)), ("cat", text("lifetime")), ("ph", text("X")), ("ts", micros(bar.assembled.time)),
                 ("dur", micros(max(0, stop - bar.assembled.time))), ("pid", "1"), ("tid", tid), ("args", args)])
            for tick in bar.ticks {
                add([("name", text(tick.label)), ("cat", text("transition")), ("ph", text("i")), ("s", text("t")), ("ts", micros(tick.at.time)),
                     ("pid", "1"), ("tid", tid), ("args", "{\"seq\":\(tick.at.seq),\"instance\":\(text(bar.instance))}")])
            }
        }
        for open in timeline.urlOpens {
            add([("name", text("open " + open.url)), ("cat", text("url")), ("ph", text("i")), ("s", text("p")), ("ts", micros(open.at.time)),
                 ("pid", "1"), ("tid", "0"), ("args", "{\"seq\":\(open.at.seq),\"url\":\(text(open.url)),\"module\":\(open.module.map(text) ?? "null"),\"ok\":\(open.ok)}")])
        }
        for finding in findings {
            let tid = finding.module.flatMap { track[$0]?.first } ?? 0
            var args = "{\"severity\":\(text(finding.severity.rawValue)),\"message\":\(text(finding.message)),\"module\":\(finding.module.map(text) ?? "null")"
            args += ",\"instance\":\(finding.instance.map(text) ?? "null"),\"seq\":\(finding.first.seq),\"fingerprint\":\(text(finding.fingerprint))}"
            add([("name", text(finding.ruleID)), ("cat", text("finding")), ("ph", text("i")), ("s", text(tid == 0 ? "p" : "t")),
                 ("ts", micros(finding.first.time)), ("pid", "1"), ("tid", String(tid)), ("args", args)])
        }
        return "{\"displayTimeUnit\":\"ms\",\"otherData\":{\"producer\":\"lego-trace\"},\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n]}\n"
    }
}
