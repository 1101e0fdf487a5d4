import LegoModel

/// A synthetic app of `modules` VIPER modules: ten URL hosts, each a tab of sub-modules that push
/// chains of detail modules, with some presents and events; deterministic for a given size.
enum LargeTrace {
    static func events(modules: Int) -> [TraceEvent] {
        var trace = TraceFixture(prefix: "LT")
        let root = trace.show("Root")
        var opened: [TraceFixture.Module] = [root]
        var generator: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random(_ bound: Int) -> Int {
            generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((generator >> 33) % UInt64(bound))
        }
        var hosts: [TraceFixture.Module] = []
        for host in 0..<10 where opened.count < modules {
            let name = "Host\(host)"
            trace.register("app://host\(host)", for: name)
            let module = trace.sub(name, of: root)
            hosts.append(module)
            opened.append(module)
        }
        var index = 0
        while opened.count < modules {
            let host = index % hosts.count
            let parent = random(4) == 0 ? hosts[host] : opened[max(1, opened.count - 1 - random(min(opened.count - 1, 20)))]
            let name = "Screen\(index)"
            let url = "app://host\(host)/section\(index % 7)/\(name.prefix(1).lowercased() + name.dropFirst())"
            trace.register(url, for: name)
            let module = trace.open(name, from: parent, operation: random(5) == 0 ? .present : .push, url: url)
            opened.append(module)
            if random(3) == 0 { trace.send("Refresh", from: module, to: opened[random(opened.count)]) }
            index += 1
        }
        return trace.events
    }
}
