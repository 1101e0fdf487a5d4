import Synchronization

/// A progress bar on standard error for long work; draws nothing unless standard error is a terminal.
public final class ProgressBar: Sendable {
    private struct State {
        var lastDrawn: Int = -1
        var finished = false
    }
    private let console: Console
    private let label: String
    private let total: UInt64
    private let state = Mutex(State())

    /// Creates a bar for `total` units (bytes, events…); a zero total draws nothing.
    public init(label: String, total: UInt64, console: Console) {
        self.label = label
        self.total = total
        self.console = console
    }

    /// Reports progress; redraws only when the shown percentage changes.
    public func update(_ done: UInt64) {
        guard console.errorIsTerminal, total > 0 else { return }
        let percent = Int(min(100, done * 100 / total))
        let redraw = state.withLock { state -> Bool in
            guard !state.finished, percent != state.lastDrawn else { return false }
            state.lastDrawn = percent
            return true
        }
        guard redraw else { return }
        let width = 30
        let filled = width * percent / 100
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        console.writeError("\r\(label) \(bar) \(percent)%")
    }

    /// Clears the bar.
    public func finish() {
        let wasDrawn = state.withLock { state -> Bool in
            defer { state.finished = true }
            return !state.finished && state.lastDrawn >= 0
        }
        guard console.errorIsTerminal, wasDrawn else { return }
        console.writeError("\r\u{1B}[2K")
    }
}
