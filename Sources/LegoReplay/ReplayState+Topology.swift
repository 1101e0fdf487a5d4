import LegoModel

/// The module topology the replay keeps: which live modules follow one, which one it follows. One definition serves
/// every reader that walks the screens (orphan-component, illegal-url-hierarchy, the graph builder).
extension ReplayState {
    /// How one module hangs off another.
    public enum Edge: Sendable, Hashable {
        /// Pushed or presented after it: routing `next`, or component `next` for controller components.
        case next
        /// Contained in it: a sub-module (`subRoutings`) or sub-component.
        case sub
    }

    /// One module linked after another.
    public struct Successor: Sendable, Hashable {
        /// The module (its routing, or the controller of a controller component), or the linked object itself when it
        /// belongs to no module.
        public var module: ObjectID
        /// How it hangs off.
        public var edge: Edge
        /// A successor.
        public init(module: ObjectID, edge: Edge) { self.module = module; self.edge = edge }
    }

    /// The live modules linked after `module` through any of its layer objects: sub-modules, then routing `next`,
    /// then component `next`, each module once (with the first edge found).
    public func successors(of module: ObjectID) -> [Successor] {
        var found: [Successor] = []
        for object in modules[module]?.layers ?? [module] {
            guard let links = links[object] else { continue }
            func add(_ target: ObjectID, _ edge: Edge) {
                guard isAlive(target) else { return }
                let successor = Successor(module: moduleID(of: target) ?? target, edge: edge)
                if !found.contains(where: { $0.module == successor.module }) { found.append(successor) }
            }
            for sub in links.subs { add(sub, .sub) }
            if let next = links.routingNext { add(next, .next) }
            if let next = links.componentNext { add(next, .next) }
        }
        return found
    }

    /// The live module `module` hangs off, and how: its routing `previous`, its parent, or the component it was
    /// opened from, in that order.
    public func predecessor(of module: ObjectID) -> (module: ObjectID, edge: Edge)? {
        for object in modules[module]?.layers ?? [module] {
            guard let links = links[object] else { continue }
            if let previous = links.routingPrevious, isAlive(previous) { return (moduleID(of: previous) ?? previous, .next) }
            if let parent = links.parent, isAlive(parent) { return (moduleID(of: parent) ?? parent, .sub) }
            if let from = links.componentFrom, isAlive(from) { return (moduleID(of: from) ?? from, .next) }
        }
        return nil
    }

    /// The modules reachable from `root` through next and sub-module edges, `root` included.
    public func reachableModules(from root: ObjectID) -> Set<ObjectID> {
        var seen: Set<ObjectID> = [root]
        var stack: [ObjectID] = [root]
        while let module = stack.popLast() {
            for successor in successors(of: module) where seen.insert(successor.module).inserted {
                stack.append(successor.module)
            }
        }
        return seen
    }
}
