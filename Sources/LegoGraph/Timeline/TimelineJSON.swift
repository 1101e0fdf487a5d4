import LegoModel

/// Writes a `Timeline` as compact JSON for the HTML page: moments as `[seq, time]`, absent values as `null`.
public enum TimelineJSON {
    /// The JSON text for `timeline`.
    public static func write(_ timeline: Timeline) -> String {
        var out = "{\"start\":\(moment(timeline.start)),\"end\":\(moment(timeline.end)),\"grace\":\(number(timeline.grace)),\"bars\":["
        for (index, bar) in timeline.bars.enumerated() {
            if index > 0 { out += ",\n" }
            out += "{\"object\":\(bar.object),\"module\":"
            JSONText.appendQuoted(bar.module, to: &out)
            out += ",\"instance\":"
            JSONText.appendQuoted(bar.instance, to: &out)
            out += ",\"kind\":\"\(bar.kind.rawValue)\",\"lane\":\(bar.lane),\"assembled\":\(moment(bar.assembled)),\"shown\":\(moment(bar.shown))"
            out += ",\"gone\":\(moment(bar.gone)),\"reason\":\(bar.goneReason.map { JSONText.quoted($0.rawValue) } ?? "null")"
            out += ",\"released\":\(moment(bar.released)),\"ticks\":["
            out += bar.ticks.map { "[\($0.at.seq),\(number($0.at.time)),\(JSONText.quoted($0.label))]" }.joined(separator: ",")
            out += "]}"
        }
        out += "],\"urlOpens\":["
        out += timeline.urlOpens.map { open in
            "[\(open.at.seq),\(number(open.at.time)),\(JSONText.quoted(open.url)),\(open.module.map(JSONText.quoted) ?? "null"),\(open.ok)]"
        }.joined(separator: ",\n")
        return out + "]}"
    }

    private static func moment(_ moment: Timeline.Moment?) -> String {
        moment.map { "[\($0.seq),\(number($0.time))]" } ?? "null"
    }

    /// A finite number as JSON (non-finite times, which a malformed trace could carry, become 0).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
