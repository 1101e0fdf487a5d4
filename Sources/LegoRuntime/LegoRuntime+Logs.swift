import Foundation
import LegoModel

// The framework's two console logs, reproduced byte for byte from XFRoutingLinkManager `+log`
// and XFComponentManager `+_log`, including their stray tabs.
extension LegoRuntime {
    /// Prints one `NSLog` message to the console with the configured framing.
    func nslog(_ message: String) {
        switch consoleFraming {
        case .bare:
            console.write(message + "\n")
        case .nslog:
            console.write(nslogPrefix() + message + "\n")
        }
    }

    private func nslogPrefix() -> String {
        let stamp = logDateFormatter.string(from: startDate.addingTimeInterval(now))
        let pid = ProcessInfo.processInfo.processIdentifier
        return "\(stamp) \(app)[\(pid):\(Self.mainThreadNumber)] "
    }

    static let mainThreadNumber = 1

    /// `[XFRoutingLinkManager log]`: count, header, then the link tree message.
    func printRoutingLog() {
        guard routingLogEnabled else { return }
        nslog("current routing count: \(routingRegistry.count)")
        nslog("Routing link:")
        nslog(routingLinkText())
    }

    /// `[XFComponentManager _log]`: header, then the component tree message.
    func printComponentLog() {
        guard componentLogEnabled else { return }
        // XFComponentManager `+_log`: an empty name array prints nothing (a root switch), and a root whose
        // weak value is gone prints the header only.
        guard let first = componentRegistry.names.first else { return }
        nslog("Component trace log:")
        guard let root = componentRegistry.value(for: first) else { return }
        var depth = 0
        var text = ""
        appendComponentTree(root, depth: &depth, into: &text)
        nslog(text)
    }

    /// The third message of the routing link log (it begins with a newline).
    func routingLinkText() -> String {
        var text = ""
        var routingCount = 0
        var subRoutingCount = 0
        for key in routingRegistry.names {
            let routing = routingRegistry.value(for: key)
            // Stops at the first routing that has a previous routing.
            if routing?.previous != nil { break }
            var firstFix = "\nRoot Routing(\(routingCount)): (\n\t\(Self.className(routing))"
            routingCount += 1
            if let routing, routing.isSubRoute, let parent = routing.parent {
                firstFix = "\nSub Routing from \(parent.className)(\(subRoutingCount)): (\n\t\(routing.className)"
                routingCount -= 1
                subRoutingCount += 1
            }
            text += firstFix
            var next = routing
            var subDepth = 1
            repeat {
                if let subs = next?.subRoutings {
                    text += "\n" + Self.tabs(subDepth) + "Sub Routing: ("
                    for sub in subs { text += "\n" + Self.tabs(subDepth * 2) + sub.className }
                    text += "\n" + Self.tabs(subDepth) + ")"
                    subDepth += 1
                }
                next = next?.next
                if let following = next {
                    text += "\n\t-> \(following.className)"
                    continue
                }
                text += "\n)"
            } while next != nil
        }
        return text
    }

    private func appendComponentTree(_ component: ComponentObject?, depth: inout Int, into text: inout String) {
        text += "\n" + Self.tabs(depth) + "(\n"
        text += Self.tabs(depth + 1)
        appendComponentName(component, into: &text)
        appendSubComponents(component, depth: &depth, into: &text)
        var next = component
        repeat {
            next = next?.nextComponent
            if let following = next {
                text += "\n" + Self.tabs(depth + 1)
                appendComponentName(following, into: &text)
                appendSubComponents(following, depth: &depth, into: &text)
            }
        } while next != nil
        text += "\n" + Self.tabs(depth) + ")"
    }

    private func appendComponentName(_ component: ComponentObject?, into text: inout String) {
        let name = component?.name
        // The marker compares names: every holder of the last added name gets it.
        if let name, componentRegistry.names.last == name { text += "-> " }
        text += name ?? "(null)"
    }

    private func appendSubComponents(_ component: ComponentObject?, depth: inout Int, into text: inout String) {
        guard let interface = component?.interface as? any UInterface, !interface.children.isEmpty else { return }
        depth += 2
        text += "\n" + Self.tabs(depth - 1) + "["
        for child in interface.children {
            text += Self.tabs(depth + 1)
            appendComponentTree(shownComponent(of: child), depth: &depth, into: &text)
        }
        text += "\n" + Self.tabs(depth - 1) + "]"
        depth -= 2
    }

    static func tabs(_ count: Int) -> String { String(repeating: "\t", count: max(0, count)) }

    /// `NSStringFromClass` formatted with `%@`: `(null)` for a routing that is gone.
    static func className(_ routing: Routing?) -> String { routing?.className ?? "(null)" }
}
