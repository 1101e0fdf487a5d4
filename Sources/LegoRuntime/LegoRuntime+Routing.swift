import LegoModel

/// What a URL open resolved to: the component name and the query parameters as written.
struct RoutedURL {
    let name: String
    let params: [Parameter]
}

extension LegoRuntime {
    /// `XFURLRoute open:transitionBlock:` up to its transition block: look the URL up, check a handler claims the
    /// component, run the interceptors; a refusal records `url.open` (`ok: false`). The caller runs the transition
    /// and then records the open with `opened(_:url:operation:opener:)`, where `open:` returns.
    func route(_ url: String, operation: TraceEvent.Operation, opener: ComponentObject?) -> Result<RoutedURL, AssemblyFailure> {
        let parsed = ComponentURL(url)
        func fail(_ reason: String, name: String? = nil, params: [Parameter]? = nil) -> Result<RoutedURL, AssemblyFailure> {
            emit(TraceEvent(
                kind: .urlOpen, name: name, object: opener?.id, url: url, operation: operation,
                value: reason, ok: false, params: params))
            return .failure(AssemblyFailure(reason: reason))
        }
        let name: String
        let params: [Parameter]
        if parsed.isHTTP {
            guard let handler = httpHandler else { return fail("no HTTP handler component is registered for \(url)") }
            name = handler
            params = [Parameter(key: "url", value: url)]
        } else {
            guard let registered = routeTable[parsed.path] else { return fail("URL \(parsed.path) is not registered") }
            name = registered
            params = parsed.query
        }
        // XFURLRoute `open:transitionBlock:` checks `existComponent:` before it runs the interceptor chain.
        guard resolve(name) != nil else {
            return fail("no component handler claims \(name)", name: name, params: params)
        }
        for interceptor in interceptors {
            let blocked = interceptor.blocks(parsed)
            emit(TraceEvent(kind: .urlIntercept, url: url, value: interceptor.name, ok: blocked))
            if blocked { return fail("blocked by interceptor \(interceptor.name)", name: name, params: params) }
        }
        return .success(RoutedURL(name: name, params: params))
    }

    /// Records a successful `url.open` once its transition block has run, where `open:transitionBlock:` returns (and
    /// where the framework's own URL check was dispatched): the same place the Objective-C recorder records it.
    func opened(_ target: RoutedURL, url: String, operation: TraceEvent.Operation, opener: ComponentObject?) {
        emit(TraceEvent(kind: .urlOpen, name: target.name, object: opener?.id, url: url, operation: operation, ok: true, params: target.params))
    }
}
