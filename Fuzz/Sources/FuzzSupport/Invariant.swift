/// The checks a harness makes on what a library returned; a broken one stops the fuzzer so it keeps the input.
public enum Invariant {
    /// Stops the process with `message` when `condition` is false (libFuzzer then saves the input as a crash).
    public static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        guard condition() else { fail(message()) }
    }

    /// Stops the process with `message`, naming it a broken invariant.
    public static func fail(_ message: String) -> Never {
        fatalError("fuzz invariant broken: \(message)")
    }

    /// Requires an error message to be what every user-facing error is: one line that starts with the file it is about.
    public static func requireOneLine(_ message: String, naming file: String) {
        require(!breaksLine(message), "error message is not one line: \(message.debugDescription)")
        require(message.hasPrefix(file + ":"), "error message does not start with \(file.debugDescription): \(message.debugDescription)")
    }

    /// Whether a terminal would show `text` on more than one line: it holds a line feed, carriage return, vertical tab or form feed.
    public static func breaksLine(_ text: String) -> Bool {
        text.utf8.contains { (0x0A...0x0D).contains($0) }
    }
}
