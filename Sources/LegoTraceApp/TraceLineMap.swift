/// Maps event seqs to trace-file lines in memory bounded by the number of irregular lines, not trace length.
///
/// A trace written by the runtime has event `seq` on line `seq + 1`; only skipped or
/// out-of-step lines change that offset, so only the points where it changes are kept.
struct TraceLineMap: Sendable {
    private var changes: [(seq: UInt64, offset: Int64)] = []
    /// The seq of the last event noted.
    private(set) var lastSeq: UInt64 = 0

    /// Notes that event `seq` was read from `line`.
    mutating func note(seq: UInt64, line: Int) {
        let offset = Int64(line) - Int64(truncatingIfNeeded: seq)
        if changes.last?.offset != offset { changes.append((seq, offset)) }
        lastSeq = seq
    }

    /// The 1-based line of event `seq`, or nil when that seq was never read.
    func line(of seq: UInt64) -> Int? {
        guard seq <= lastSeq, let first = changes.first, seq >= first.seq else { return nil }
        var low = 0
        var high = changes.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if changes[middle].seq <= seq { low = middle } else { high = middle - 1 }
        }
        return Int(Int64(truncatingIfNeeded: seq) + changes[low].offset)
    }
}
