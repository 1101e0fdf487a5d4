/// The output formats the in-process renderer produces.
public enum RenderFormat: String, Sendable, Hashable, CaseIterable {
    /// Scalable Vector Graphics (XML text).
    case svg
    /// A PNG bitmap.
    case png
    /// A PDF document.
    case pdf
}
