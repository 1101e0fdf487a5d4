/// Names one registry the replay keeps: a framework's name-keyed table (XFLegoVIPER's routing, component and
/// receiver tables), a service registry, or one router's routes. An open identifier, so a framework adds its own
/// registries in its own file without touching the others.
public struct RegistryID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The registry's name as messages print it (`routing`, `component`).
    public var rawValue: String
    /// Names a registry.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The name.
    public var description: String { rawValue }
}

extension RegistryID {
    /// XFLegoVIPER's routing link table (`XFRoutingLinkManager`).
    public static let routing = RegistryID(rawValue: "routing")
    /// XFLegoVIPER's component table (`XFComponentManager`).
    public static let component = RegistryID(rawValue: "component")
    /// XFLegoVIPER's event-receiver table.
    public static let receiver = RegistryID(rawValue: "receiver")
}
