extension TraceReader {
    /// What the reader skipped or tolerated; a clean trace has none of it.
    public struct Diagnostics: Sendable, Hashable {
        /// How many skipped lines keep their line number and reason.
        public static let keptSkippedLines = 100
        /// How many distinct unknown kind names are counted by name.
        public static let keptUnknownKinds = 1000
        /// The `unknownKinds` key that counts kinds beyond the first `keptUnknownKinds` names.
        public static let otherUnknownKinds = "(other unknown kinds)"

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
        /// The first `keptSkippedLines` lines whose strings held invalid UTF-8, read with U+FFFD in its place.
        public var invalidUTF8Lines: [Int] = []
        /// How many lines held invalid UTF-8 in all.
        public var invalidUTF8LineCount = 0

        /// Creates empty diagnostics.
        public init() {}

        /// True when nothing was skipped, unknown, truncated or repaired.
        public var isClean: Bool {
            unknownKinds.isEmpty && skippedLineCount == 0 && truncatedLastLine == nil && invalidUTF8LineCount == 0
        }
    }
}
