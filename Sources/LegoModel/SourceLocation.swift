/// A place in a source file of the app under study: path as scanned (relative to the scanned folder), 1-based line and column.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file, relative to the scanned folder when it lies inside it.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in UTF-8 bytes (what editors and SARIF's default `columnKind` accept for ASCII code).
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }

    /// The column counted in UTF-16 code units (SARIF's `columnKind`), given the bytes of its line; a column past
    /// the line's end keeps its distance from it.
    public func utf16Column(inLine line: some Collection<UInt8>) -> Int {
        let before = max(0, column - 1)
        let inside = line.prefix(before)
        return String(decoding: inside, as: UTF8.self).utf16.count + (before - inside.count) + 1
    }

    /// Orders by file, then line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
