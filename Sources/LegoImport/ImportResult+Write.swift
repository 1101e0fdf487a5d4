import LegoTraceIO

extension ImportResult {
    /// Writes the trace (header line, then one event per line, JSON Lines) to `path`; `-` writes standard output.
    public func write(to path: String) throws(TraceIOError) {
        var out: [UInt8] = []
        out.reserveCapacity(256 + events.count * 128)
        TraceEncoding.encode(header, into: &out)
        for event in events { TraceEncoding.encode(event, into: &out) }
        try OutputFile.write(out, to: path)
    }
}
