import CGraphviz
import Synchronization

/// Collects the messages Graphviz reports through its error callback while one render runs.
///
/// Graphviz calls a plain C function with pieces of each message (`Error`, `: `, then the text),
/// so the text goes into a process-wide buffer; only the holder of the render lock uses it.
struct GraphvizErrorCapture {
    private let previous: agusererrf?

    /// Clears the buffer and Graphviz's error level, and routes Graphviz messages into the buffer.
    static func begin() -> GraphvizErrorCapture {
        capturedText.withLock { $0 = "" }
        agreseterrors()
        let previous = agseterrf { message in
            if let message { capturedText.withLock { $0 += String(cString: message) } }
            return 0
        }
        return GraphvizErrorCapture(previous: previous)
    }

    /// Restores the handler that was installed before `begin`.
    func end() {
        agseterrf(previous)
        agreseterrors()
    }

    /// What Graphviz reported, as one line: `Error: ` prefixes dropped, repeats removed, at most three
    /// messages joined with `; ` and the rest counted.
    func text() -> String {
        let raw = capturedText.withLock { $0 }
        var seen = Set<Substring>()
        let lines = raw.split(whereSeparator: \.isNewline)
            .map { line -> Substring in
                var line = line.drop(while: \.isWhitespace)
                for prefix in ["Error: ", "Warning: "] where line.hasPrefix(prefix) { line = line.dropFirst(prefix.count) }
                return line
            }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
        let shown = lines.prefix(3).joined(separator: "; ")
        return lines.count > 3 ? shown + "; … \(lines.count - 3) more" : shown
    }
}

private let capturedText = Mutex("")
