import LegoModel

/// A handle on one live (or once live) module instance: its primary object and name.
public struct ModuleRef: Sendable, Hashable, CustomStringConvertible {
    /// The routing (VIPER) or component object (controller, view model) identity used in the trace.
    public let id: ObjectID
    /// The component name.
    public let name: String

    /// Creates a handle.
    public init(id: ObjectID, name: String) {
        self.id = id
        self.name = name
    }

    /// `Name#id`.
    public var description: String { "\(name)#\(id)" }
}
