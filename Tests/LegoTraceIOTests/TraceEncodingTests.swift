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

/// The word-at-a-time test in `escaped` passes a word over only when no byte of it needs a look (other bytes above
/// 0x7F pass: Chinese and accented text is copied eight bytes at a time): every byte value at every position, and
/// random words of mostly plain bytes with the ones that matter mixed in (a borrow from one byte must never hide another).
@Test func theWordTestFlagsEveryByteThatNeedsALook() {
    func needsLook(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 }
    func word(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) } }
    for position in 0..<8 {
        for value in 0...255 {
            var bytes = [UInt8](repeating: 0x61, count: 8)
            bytes[position] = UInt8(value)
            #expect(ByteWriter.mayNeedEscape(word(bytes)) == needsLook(UInt8(value)), "byte \(value) at \(position)")
        }
    }
    let interesting: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0x9F, 0xC1, 0xC2, 0xC3, 0xE4, 0xFF]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
        let bytes = (0..<8).map { _ in
            Int.random(in: 0..<4, using: &generator) == 0 ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0x20...0x7E, using: &generator)
        }
        #expect(ByteWriter.mayNeedEscape(word(bytes)) == bytes.contains(where: needsLook), "\(bytes)")
    }
}

/// Each character that is escaped comes out escaped wherever it falls: in the first eight bytes, across a word's end, in
/// the tail shorter than a word, and next to another one.
@Test func escapesComeOutRightAtEveryOffset() {
    func reference(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0..<0x20, 0x7F...0x9F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
    let specials = ["\"", "\\", "\n", "\u{01}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "é", "中", "😀", "\"\\",
                    "中\u{85}", "é\n", "😀\u{9F}中"]
    for special in specials {
        for length in [1, 7, 8, 9, 15, 16, 17, 23] {
            for offset in 0..<length {
                let text = String(repeating: "x", count: offset) + special + String(repeating: "y", count: length - offset - 1)
                let line = encoded(TraceEvent(seq: 1, kind: .eventSend, value: text))
                #expect(line == #"{"seq":1,"t":0,"th":0,"kind":"event.send","value":""# + reference(text) + "\"}\n", "\(text.debugDescription)")
            }
        }
    }
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
    #expect(time(0.000001) == "0.000001")
    #expect(time(0.0000005) == "0.000001")
    #expect(time(0.0000004) == "0")
    #expect(time(-0.0000005) == "-0.000001")
    #expect(time(7.100009) == "7.100009")
    #expect(time(12.345678) == "12.345678")
    #expect(time(-3.25) == "-3.25")
    #expect(time(59.9999995) == "60")
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

/// Integers are written two digits at a time: every digit count, each side of every power of ten, and random values
/// read back as written.
@Test func integersOfEveryLengthComeOutAsSwiftPrintsThem() {
    var values: [UInt64] = [0, 1, 9, UInt64.max, UInt64.max - 1]
    var power: UInt64 = 10
    for _ in 1...19 {
        values += [power - 1, power, power + 1, power + power / 2]
        if power > UInt64.max / 10 { break }
        power *= 10
    }
    var generator = SystemRandomNumberGenerator()
    values += (0..<2_000).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0..<64, using: &generator) }
    for value in values {
        #expect(encoded(TraceEvent(seq: value, kind: .snapshot)) == #"{"seq":\#(value),"t":0,"th":0,"kind":"snapshot"}"# + "\n")
    }
    for value in [0, -1, 7, -10, 99, -100, 123_456, Int.max, Int.min, Int.min + 1] {
        #expect(encoded(TraceEvent(seq: 1, kind: .snapshot, count: value)) == #"{"seq":1,"t":0,"th":0,"kind":"snapshot","n":\#(value)}"# + "\n")
    }
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
