import LegoModel

extension UnsafeMutablePointer where Pointee == TraceEvent {
    /// Lends the event stored here to `body` in place: no copy, no move.
    ///
    /// A copy would retain (and later release) the event's strings on the calling thread while another
    /// thread counts references to the same strings (interned names recur in every event); the cores then
    /// fight over those counters, which cost more than parsing or encoding. Passing `pointee` straight to `body`
    /// copies it (the compiler cannot prove `body` leaves the memory alone); moving it out and back, as this did
    /// before, cost two `memmove`s of the ~220-byte event, 8% of `check`'s replay thread (#24's profile). Borrowed
    /// from an `inout` access, the event reaches `body` by address.
    @inline(__always)
    func lend<Result>(_ body: (TraceEvent) -> Result) -> Result {
        Self.borrow(&pointee, body)
    }

    @inline(__always)
    private static func borrow<Result>(_ event: inout TraceEvent, _ body: (TraceEvent) -> Result) -> Result {
        body(event)
    }
}
