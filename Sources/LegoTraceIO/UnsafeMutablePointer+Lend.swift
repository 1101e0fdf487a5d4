import LegoModel

extension UnsafeMutablePointer where Pointee == TraceEvent {
    /// Lends the event stored here to `body` without copying it, then puts it back.
    ///
    /// A copy would retain (and later release) the event's strings on the calling thread while another
    /// thread counts references to the same strings (interned names recur in every event); the cores then
    /// fight over those counters, which cost more than parsing or encoding. Moving out and back touches none.
    @inline(__always)
    func lend<Result>(_ body: (TraceEvent) -> Result) -> Result {
        let event = move()
        let result = body(event)
        initialize(to: consume event)
        return result
    }
}
