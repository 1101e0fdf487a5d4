import Foundation
import LegoModel

/// Imports NNModule-swift's own console lines (`URLRouter Error ⚠️ :…` from `URLRouterLog`, the service center's
/// assertion message) as a format 2.0 trace of the decisions they report.
///
/// The lines carry no router and no time, so every event is on an unknown router (`obj` absent) at time 0, in line
/// order; `route for (X) is invalid` is logged alike by a register and an open and is read as an open.
public enum NNConsoleImporter {
    /// The prefix `URLRouterLog` prints (`YiHuaXie/NNModule@5d3e56e:NNModule/URLRouter/URLRouter.swift:187-191`).
    public static let routerPrefix = "URLRouter Error ⚠️ :"

    /// Whether `text` holds NNModule console lines.
    public static func recognizes(_ text: String) -> Bool {
        text.contains(routerPrefix) || text.contains(", please register it first")
    }

    /// The events the NNModule lines of `text` report, each stamped with its 1-based line.
    public static func events(in text: String, parser: NNRouteParser = NNRouteParser()) -> (events: [TraceEvent], frameworkLines: Int) {
        var events: [TraceEvent] = []
        var frameworkLines = 0
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard var event = event(for: String(raw), parser: parser) else { continue }
            frameworkLines += 1
            event.seq = UInt64(events.count + 1)
            event.thread = 1
            event.line = index + 1
            events.append(event)
        }
        return (events, frameworkLines)
    }

    private static func event(for line: String, parser: NNRouteParser) -> TraceEvent? {
        if let range = line.range(of: "the impl class of "), let end = line.range(of: " is nil, please register it first") {
            let key = String(line[range.upperBound..<end.lowerBound])
            return TraceEvent(kind: .nnServiceResolve, name: key, value: "not registered", ok: false)
        }
        guard let start = line.range(of: routerPrefix) else { return nil }
        let message = String(line[start.upperBound...])
        if let route = between(message, "route for (", ") already exist") {
            return TraceEvent(kind: .nnRouteRegister, name: parser.parse(route)?.fullPath ?? route, url: route, effect: .ignored,
                              value: "duplicate", ok: true)
        }
        if let route = between(message, "route for (", ") is invalid") {
            return TraceEvent(kind: .urlOpen, url: route, value: "invalid", ok: false)
        }
        if let route = between(message, "route for (", ") is not exist") {
            return TraceEvent(kind: .urlOpen, url: route, value: "not exist", ok: false)
        }
        if let end = message.range(of: " is web link, please register handler for web links") {
            return TraceEvent(kind: .urlOpen, url: String(message[..<end.lowerBound]), value: "web link without handler", ok: false)
        }
        if let sub = between(message, "upper router for (", ") is not") {
            return TraceEvent(kind: .nnRouteRegister, peerName: sub, value: "wrong-upper", ok: false)
        }
        if let action = between(message, "action (", ") provided an invalid route ("),
           let route = between(message, "provided an invalid route (", ")") {
            return TraceEvent(kind: .nnInterceptorAdd, className: action, value: "invalid route \(route)", ok: false)
        }
        return nil
    }

    private static func between(_ text: String, _ open: String, _ close: String) -> String? {
        guard let start = text.range(of: open), let end = text.range(of: close, options: .backwards, range: start.upperBound..<text.endIndex)
        else { return nil }
        return String(text[start.upperBound..<end.lowerBound])
    }
}
