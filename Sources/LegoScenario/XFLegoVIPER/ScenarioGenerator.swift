/// Generates large, deterministic, clean scenarios for performance work (`samples/large-app.yml`, benchmarks).
///
/// The app is a tree of modules whose URLs mirror the tree (`large://page0000/page0003/page0042`), so
/// every URL is opened from the live chain its path names; the journey walks the tree with pushes,
/// presents, pops, pops-to, sub-modules, events, notifications and short-lived user references, and
/// never leaves a released screen alive or two live modules with one name.
public enum ScenarioGenerator {
    /// YAML for an app of `modules` modules (at least 2) and a journey of exactly `steps` screen transitions
    /// (`showRoot`, `push`, `present`, `pop`, `popTo`, `dismiss`), with sub-modules, events, notifications,
    /// clock advances and holds interleaved between them. The same arguments always give the same text.
    public static func generate(modules: Int, steps: Int, seed: UInt64) -> String {
        var builder = Builder(moduleCount: max(2, modules), seed: seed)
        builder.buildTree()
        builder.walk(transitions: max(1, steps))
        return builder.render(header: "ScenarioGenerator.generate(modules: \(modules), steps: \(steps), seed: \(seed))")
    }

    /// SplitMix64: small, fast and the same on every platform.
    struct RandomSource {
        private var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        /// Uniform in `0..<bound` (bound > 0).
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        /// True with probability `percent`/100.
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    /// How a module joins its tree parent.
    enum Edge { case root, sub, push }

    /// One generated module.
    struct Node {
        var name: String
        var kind: String
        var gene: Int?
        var parent: Int
        var edge: Edge
        var depth: Int
        var url: String
        var subs: [Int] = []
        var pushes: [Int] = []
    }

    /// A screen on the generated stack.
    struct Screen {
        var module: Int
        var presented: Bool
        var holdLabel: String?
    }

    struct Builder {
        let moduleCount: Int
        var random: RandomSource
        var nodes: [Node] = []
        var lines: [String] = []
        var transitions = 0
        var holdCounter = 0
        /// Modules currently live (on the stack or a live sub-module), to never open a live name twice.
        var live: [Bool]
        var stack: [Screen] = []

        /// Deepest URL tree level; keeps URLs short.
        static let maxDepth = 6
        /// Tabs under the root (fewer in tiny apps, which need one module to push).
        static let maxTabs = 5

        init(moduleCount: Int, seed: UInt64) {
            self.moduleCount = moduleCount
            random = RandomSource(seed: seed)
            live = Array(repeating: false, count: moduleCount)
        }

        static func name(_ index: Int, width: Int) -> String {
            let digits = String(index)
            return "Page" + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }

        mutating func buildTree() {
            let width = max(4, String(moduleCount - 1).count)
            nodes.reserveCapacity(moduleCount)
            let rootName = Self.name(0, width: width)
            nodes.append(Node(name: rootName, kind: "viper", parent: -1, edge: .root, depth: 0, url: "large://" + lowered(rootName)))
            var eligibleParents: [Int] = []
            var viperModules = [0]
            let tabCount = min(Self.maxTabs, moduleCount - 2)
            for index in 1..<moduleCount {
                let name = Self.name(index, width: width)
                var parent: Int
                var edge: Edge
                if index <= tabCount {
                    parent = 0
                    edge = .sub
                } else if eligibleParents.isEmpty {
                    parent = 0
                    edge = .push
                } else {
                    parent = eligibleParents[random.below(eligibleParents.count)]
                    let parentKind = nodes[parent].kind
                    edge = (parentKind == "viper" || parentKind == "virtual") && nodes[parent].subs.count < 3 && random.chance(12) ? .sub : .push
                }
                var kind = "viper"
                var gene: Int?
                let roll = random.below(20)
                if edge == .push, roll < 2 {
                    kind = "controller"
                } else if edge == .push, roll == 2 {
                    kind = "viewModel"
                } else if roll == 3 {
                    kind = "virtual"
                    gene = viperModules[random.below(viperModules.count)]
                }
                let depth = nodes[parent].depth + 1
                nodes.append(Node(
                    name: name, kind: kind, gene: gene, parent: parent, edge: edge, depth: depth,
                    url: nodes[parent].url + "/" + lowered(name)
                ))
                if edge == .sub { nodes[parent].subs.append(index) } else { nodes[parent].pushes.append(index) }
                if kind == "viper" { viperModules.append(index) }
                // View-model components only end a chain: the framework's URL check cannot look through them.
                if depth < Self.maxDepth, kind != "viewModel" { eligibleParents.append(index) }
            }
        }

        func lowered(_ name: String) -> String {
            guard let first = name.first else { return name }
            return first.lowercased() + name.dropFirst()
        }

        // MARK: Journey

        mutating func emit(_ line: String) { lines.append("  - " + line) }

        mutating func emitTransition(_ line: String) {
            emit(line)
            transitions += 1
        }

        /// Adds every sub-module of `module` (recursively), by name or by URL.
        mutating func addSubs(of module: Int) {
            let subs = nodes[module].subs
            guard !subs.isEmpty else { return }
            let byURL = random.chance(40)
            let list = subs.map { byURL ? nodes[$0].url : nodes[$0].name }.joined(separator: ", ")
            let isTop = stack.last?.module == module
            emit("{addSub: [\(list)]" + (isTop ? "}" : ", to: \(nodes[module].name)}"))
            for sub in subs { live[sub] = true }
            emit("{advanceClock: 0.1}")
            for sub in subs { addSubs(of: sub) }
        }

        /// Marks `module` and its sub-modules as gone.
        mutating func release(_ module: Int) {
            live[module] = false
            for sub in nodes[module].subs where live[sub] { release(sub) }
        }

        /// The modules a step may act from: the top screen and its live sub-modules, recursively.
        func contexts() -> [Int] {
            guard let top = stack.last?.module else { return [] }
            var result = [top]
            var index = 0
            while index < result.count {
                result.append(contentsOf: nodes[result[index]].subs.filter { live[$0] })
                index += 1
            }
            return result
        }

        mutating func walk(transitions target: Int) {
            emitTransition("{showRoot: \(nodes[0].url)}")
            stack.append(Screen(module: 0, presented: false))
            live[0] = true
            addSubs(of: 0)
            while transitions < target {
                let depth = stack.count - 1
                let candidates = contexts()
                var openable: [(context: Int, child: Int)] = []
                for context in candidates {
                    for child in nodes[context].pushes where !live[child] { openable.append((context, child)) }
                }
                let popPercent = depth == 0 ? 0 : (openable.isEmpty ? 100 : min(85, 15 + depth * 12))
                if random.chance(popPercent) {
                    closeScreens()
                } else {
                    let choice = openable[random.below(openable.count)]
                    open(choice.child, from: choice.context)
                }
                interleave()
            }
        }

        /// Pops or dismisses the top screen, or pops back to an earlier one.
        mutating func closeScreens() {
            let depth = stack.count - 1
            if depth >= 2, random.chance(6) {
                let targetIndex = random.below(depth)
                if stack[(targetIndex + 1)...].allSatisfy({ !$0.presented }) {
                    for screen in stack[(targetIndex + 1)...].reversed() { releaseHold(screen) }
                    emitTransition("{popTo: \(nodes[stack[targetIndex].module].name)}")
                    for screen in stack[(targetIndex + 1)...] { release(screen.module) }
                    stack.removeSubrange((targetIndex + 1)...)
                    return
                }
            }
            let screen = stack.removeLast()
            releaseHold(screen)
            let verb = screen.presented ? "dismiss" : "pop"
            emitTransition(random.chance(10) ? "{\(verb): ~, data: back \(transitions)}" : verb)
            release(screen.module)
        }

        mutating func releaseHold(_ screen: Screen) {
            if let label = screen.holdLabel { emit("{release: \(label)}") }
        }

        /// Pushes or presents `child` from `context`, then adds its sub-modules.
        mutating func open(_ child: Int, from context: Int) {
            let node = nodes[child]
            // From inside a second-level modal, `XFUIBus presentComponent:…` hands the present to the window root,
            // which is already presenting: UIKit refuses it. The journey stays clean by pushing there instead.
            let modals = stack.lazy.filter(\.presented).count
            let verb = random.chance(20) && modals < 2 ? "present" : "push"
            let target = random.chance(70) ? node.url : node.name
            let fromText = context == stack.last?.module ? "" : ", from: \(nodes[context].name)"
            let data = random.chance(15) ? ", data: intent \(transitions)" : ""
            emitTransition("{\(verb): \(target)\(fromText)\(data)}")
            stack.append(Screen(module: child, presented: verb == "present"))
            live[child] = true
            addSubs(of: child)
            if random.chance(3) {
                holdCounter += 1
                let label = "ref \(holdCounter)"
                emit("{hold: \(node.name), label: \(label)}")
                stack[stack.count - 1].holdLabel = label
            }
            if random.chance(3) { emit("{observe: LGRefreshNotification}") }
        }

        /// Events, notifications and time between transitions.
        mutating func interleave() {
            if random.chance(30) {
                let tenths = random.below(20) + 1
                emit("{advanceClock: \(tenths / 10).\(tenths % 10)}")
            }
            if random.chance(5) {
                let candidates = contexts()
                if let receiver = candidates.isEmpty ? nil : candidates[random.below(candidates.count)] {
                    emit("{sendEvent: LGDataEvent, to: \(nodes[receiver].name), data: \(transitions)}")
                }
            }
            if random.chance(1) { emit("{sendEvent: LGThemeEvent}") }
            if random.chance(1) { emit("{postNotification: LGRefreshNotification}") }
        }

        // MARK: Output

        func render(header: String) -> String {
            var out = "# Generated by \(header); do not edit by hand.\n"
            out += "# A tree of \(nodes.count) modules whose URLs mirror the tree, and a clean journey of \(transitions) transitions.\n"
            out += "description: Generated large app for performance work.\n\n"
            out += "app:\n  name: Large\n  prefix: LG\n  modules:\n"
            for node in nodes {
                var fields = "name: \(node.name)"
                if node.kind != "viper" { fields += ", kind: \(node.kind)" }
                if let gene = node.gene { fields += ", gene: \(nodes[gene].name)" }
                out += "    - {\(fields)}\n"
            }
            out += "  urls:\n"
            for node in nodes { out += "    - \(node.url)\n" }
            out += "\njourney:\n"
            out += lines.joined(separator: "\n")
            out += "\n"
            return out
        }
    }
}
