import LegoModel

/// Writes a `Timeline` as compact JSON for the HTML report, whose 3,000-module pages hold tens of thousands of bars.
///
/// Names are written once in tables (`modules` in row order, `classes`, `labels` for ticks and reasons, `kinds`)
/// and each bar is an array of numbers: `[module, class, kind, object, lane, assembledSeq, assembledTime,
/// shownSeq, shownTime, goneSeq, goneTime, reason, releasedSeq, releasedTime, [tickSeq, tickTime, label, …]]`,
/// with `null` for what did not happen. URL opens are `[seq, time, url, module, ok]`.
public enum TimelineJSON {
    /// The JSON text for `timeline`.
    public static func write(_ timeline: Timeline) -> String {
        var modules = Table(), classes = Table(), labels = Table(), kinds = Table()
        for module in timeline.modules { _ = modules.index(module) }
        var bars: [String] = []
        bars.reserveCapacity(timeline.bars.count)
        for bar in timeline.bars {
            var fields = [String(modules.index(bar.module)), String(classes.index(bar.className)), String(kinds.index(bar.kind.rawValue)),
                          String(bar.object), String(bar.lane)]
            fields += moment(bar.assembled) + moment(bar.shown) + moment(bar.gone)
            fields.append(bar.goneReason.map { String(labels.index($0.rawValue)) } ?? "null")
            fields += moment(bar.released)
            fields.append("[" + bar.ticks.map { "\($0.at.seq),\(number($0.at.time)),\(labels.index($0.label))" }.joined(separator: ",") + "]")
            bars.append("[" + fields.joined(separator: ",") + "]")
        }
        let opens = timeline.urlOpens.map { open in
            "[\(open.at.seq),\(number(open.at.time)),\(JSONText.quoted(open.url)),\(open.module.map(JSONText.quoted) ?? "null"),\(open.ok)]"
        }
        var out = "{\"start\":\(pair(timeline.start)),\"end\":\(pair(timeline.end)),\"grace\":\(number(timeline.grace))"
        out += ",\"modules\":\(modules.json),\"classes\":\(classes.json),\"labels\":\(labels.json),\"kinds\":\(kinds.json)"
        out += ",\"bars\":[\n" + bars.joined(separator: ",\n") + "],\"urlOpens\":[" + opens.joined(separator: ",\n") + "]}"
        return out
    }

    /// Strings numbered in order of first use.
    private struct Table {
        var indexes: [String: Int] = [:]
        var names: [String] = []

        mutating func index(_ name: String) -> Int {
            if let index = indexes[name] { return index }
            indexes[name] = names.count
            names.append(name)
            return names.count - 1
        }

        var json: String { "[" + names.map(JSONText.quoted).joined(separator: ",") + "]" }
    }

    private static func moment(_ moment: Timeline.Moment?) -> [String] {
        moment.map { [String($0.seq), number($0.time)] } ?? ["null", "null"]
    }

    private static func pair(_ moment: Timeline.Moment?) -> String {
        moment.map { "[\($0.seq),\(number($0.time))]" } ?? "null"
    }

    /// A finite number as JSON, to the microsecond (non-finite times, which a malformed trace could carry, become 0).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Rounded: a scenario clock's sums like 97.50000000000003 made the timeline of 3,000 modules a third larger.
        let rounded = abs(value) < 1e9 ? (value * 1_000_000).rounded() / 1_000_000 : value
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }
}
