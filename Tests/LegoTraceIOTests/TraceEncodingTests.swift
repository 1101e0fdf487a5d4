import LegoModel
import Testing
@testable import LegoTraceIO

private func encoded(_ event: TraceEvent) -> String {
    String(decoding: TraceEncoding.line(for: event), as: UTF8.self)
}

@Test func eventKeysComeOutInTheDocumentedOrderAndAbsentFieldsAreOmitted() {
    let event = TraceEvent(
        seq: 7, time: 1.25, thread: 2, kind: .urlOpen, name: "Post", className: "BDJPostRouting", object: 10, peer: 11,
        peerName: "Essence", url: "bdj://essence/post?id=3", layer: .routing, relation: .routingNext, effect: .added,
        operation: .push, moduleKind: .viper, gene: "Gene", value: "v", count: -2, ok: false, objects: [1, 2],
        params: [Parameter(key: "z", value: "1"), Parameter(key: "a", value: "2")], line: 42
    )
    #expect(encoded(event) == #"{"seq":7,"t":1.25,"th":2,"kind":"url.open","name":"Post","cls":"BDJPostRouting","obj":10,"peer":11,"peerName":"Essence","url":"bdj://essence/post?id=3","layer":"routing","rel":"routing.next","effect":"added","op":"push","mk":"viper","gene":"Gene","value":"v","n":-2,"ok":false,"objs":[1,2],"params":{"z":"1","a":"2"},"line":42}"# + "\n")
    #expect(encoded(TraceEvent(seq: 1, kind: .focus)) == #"{"seq":1,"t":0,"th":0,"kind":"focus"}"# + "\n")
    #expect(encoded(TraceEvent(seq: 1, kind: .link, objects: [], params: [])) == #"{"seq":1,"t":0,"th":0,"kind":"link","objs":[],"params":{}}"# + "\n")
}

@Test func hostileStringsAreEscapedAndOtherUTF8IsKept() {
    let hostile = "a\"b\\c\nd\te\r\u{01}\u{1F}\u{7F}\u{85}é<script>alert(1)</script>😀中文\u{08}\u{0C}/"
    let line = encoded(TraceEvent(seq: 1, kind: .eventSend, value: hostile))
    let expected = #"a\"b\\c\nd\te\r\u0001\u001f\u007f\u0085é<script>alert(1)</script>😀中文\b\f/"#
    #expect(line == #"{"seq":1,"t":0,"th":0,"kind":"event.send","value":""# + expected + "\"}\n")
    #expect(line.utf8.filter { $0 == 0x0A }.count == 1)
}

@Test func timeIsPrintedCompactlyToTheMicrosecond() {
    func time(_ value: Double) -> String { TraceEncoding.timeText(value) }
    #expect(time(0) == "0")
    #expect(time(-0.0) == "0")
    #expect(time(1.5) == "1.5")
    #expect(time(0.000123) == "0.000123")
    #expect(time(0.00005) == "0.00005")
    #expect(time(12.0000004) == "12")
    #expect(time(3.9999996) == "4")
    #expect(time(86400.25) == "86400.25")
    #expect(time(-1.5) == "-1.5")
    #expect(time(.nan) == "0")
    #expect(time(.infinity) == "0")
    #expect(time(1e20) == "1e+20")
}

/// A time rounded to the microsecond reads back as itself, however far from the trace's start: an imported console log
/// whose clock jumps by a century (fuzz-import found `4354905601.015002` printed as its neighbour) included.
@Test func microsecondTimesReadBackAsThemselvesAtEveryMagnitude() throws {
    var generator = SystemRandomNumberGenerator()
    var parser = EventLineParser()
    for exponent in [0, 10, 20, 30, 32, 33, 34, 40, 42] {
        for _ in 0..<2_000 {
            let micros = Int64.random(in: 0..<(Int64(1) << (exponent + 20)), using: &generator)
            let time = Double(micros) / 1_000_000
            let line = encoded(TraceEvent(seq: 1, time: time, kind: .snapshot)).dropLast()
            var event = EventLineParser.blankEvent
            _ = try Array(line.utf8).withUnsafeBufferPointer { bytes throws(LineError) in try parser.parse(bytes, into: &event) }
            #expect(event.time == time, "\(line)")
        }
    }
    #expect(TraceEncoding.timeText(4354905601015002 / 1_000_000) == "4354905601.015002")
}

@Test func headerLineCarriesFormatVersionAndMetadata() {
    var out: [UInt8] = []
    TraceEncoding.encode(TraceHeader(producer: "p \"1\"", start: "2026-01-01T00:00:00Z", app: "应用", source: "import", importedFrom: "a.log"), into: &out)
    #expect(String(decoding: out, as: UTF8.self) == #"{"format":"lego-trace","version":"1.0","producer":"p \"1\"","start":"2026-01-01T00:00:00Z","app":"应用","source":"import","importedFrom":"a.log","framework":"xflegoviper"}"# + "\n")
}

@Test func integersKeepTheirFullRange() {
    let line = encoded(TraceEvent(seq: .max, kind: .snapshot, object: 0, count: .min, line: .max))
    #expect(line == #"{"seq":18446744073709551615,"t":0,"th":0,"kind":"snapshot","obj":0,"n":-9223372036854775808,"line":9223372036854775807}"# + "\n")
}

@Test func keyWordsMatchTheirKeys() {
    let keys: [(UInt64, String)] = [
        (KeyWord.seq, "seq"), (KeyWord.time, "t"), (KeyWord.thread, "th"), (KeyWord.kind, "kind"), (KeyWord.name, "name"),
        (KeyWord.object, "obj"), (KeyWord.className, "cls"), (KeyWord.peer, "peer"), (KeyWord.url, "url"), (KeyWord.layer, "layer"),
        (KeyWord.relation, "rel"), (KeyWord.effect, "effect"), (KeyWord.operation, "op"), (KeyWord.ok, "ok"), (KeyWord.value, "value"),
        (KeyWord.count, "n"), (KeyWord.objects, "objs"), (KeyWord.moduleKind, "mk"), (KeyWord.gene, "gene"),
        (KeyWord.peerName, "peerName"), (KeyWord.params, "params"), (KeyWord.line, "line"),
    ]
    for (word, key) in keys { #expect(word == KeyWord.word(key), "\(key)") }
}
