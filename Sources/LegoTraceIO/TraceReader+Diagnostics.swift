extension TraceReader {
    /// What the reader skipped or tolerated; a clean trace has none of it.
    public struct Diagnostics: Sendable, Hashable {
        /// How many skipped lines keep their line number and reason.
        public static let keptSkippedLines = 100

        /// One line skipped in lenient mode.
        public struct SkippedLine: Sendable, Hashable {
            /// The line number in the trace file.
            public var line: Int
            /// Why it was skipped.
            public var reason: String
            /// Creates a record of a skipped line.
            public init(line: Int, reason: String) { self.line = line; self.reason = reason }
        }

        /// Events of kinds this version does not know, by kind name, with how many were skipped.
        public var unknownKinds: [String: Int] = [:]
        /// The first `keptSkippedLines` lines skipped in lenient mode (malformed or out of order).
        public var skippedLines: [SkippedLine] = []
        /// How many lines were skipped in lenient mode in all.
        public var skippedLineCount = 0
        /// The line number of an unparsable last line without a newline (a cut-off write), if there was one.
        public var truncatedLastLine: Int?

        /// Creates empty diagnostics.
        public init() {}

        /// True when nothing was skipped, unknown or truncated.
        public var isClean: Bool {
            unknownKinds.isEmpty && skippedLineCount == 0 && truncatedLastLine == nil
        }
    }
}
