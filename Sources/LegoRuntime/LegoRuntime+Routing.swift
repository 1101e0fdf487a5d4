import LegoModel

/// What a URL open resolved to: the component name and the query parameters as written.
struct RoutedURL {
    let name: String
    let params: [Parameter]
}

extension LegoRuntime {
    /// `XFURLRoute open:transitionBlock:`: look the URL up, run the interceptors, record `url.open`.
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
        emit(TraceEvent(kind: .urlOpen, name: name, object: opener?.id, url: url, operation: operation, ok: true, params: params))
        return .success(RoutedURL(name: name, params: params))
    }
}
