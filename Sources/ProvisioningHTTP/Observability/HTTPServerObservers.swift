/// Hooks through which the server reports what it does; all optional.
///
/// Hooks are called on the server's event-loop threads as an answer is written:
/// keep them fast and non-blocking (hand off to a queue or an `AsyncStream`).
///
/// ```swift
/// let observers = HTTPServerObservers(
///     accessLog: { record in logger.info("\(record.method) \(record.path) \(record.status)") },
///     requestCompleted: { record in metrics.observe(route: record.routePattern, status: record.status) })
/// ```
package struct HTTPServerObservers: Sendable {
    /// One call per answered request, for access logs.
    package var accessLog: (@Sendable (CompletedRequest) -> Void)?
    /// One call per answered request, for metrics (same record as `accessLog`).
    package var requestCompleted: (@Sendable (CompletedRequest) -> Void)?
    /// Server diagnostics: the type names of unexpected handler errors, and an
    /// event loop that did not stop within shutdown's bound. Never contains
    /// bodies or header values.
    package var diagnostics: (@Sendable (String) -> Void)?
    /// Each error a handler threw that was answered `5xx` (an unexpected error,
    /// an unavailable dependency), for a log line naming its type and code, never
    /// its text. When `nil`, the error's type name goes to ``diagnostics``.
    package var handlerFailed: (@Sendable (HTTPRequest, any Error) -> Void)?

    package init(
        accessLog: (@Sendable (CompletedRequest) -> Void)? = nil,
        requestCompleted: (@Sendable (CompletedRequest) -> Void)? = nil,
        diagnostics: (@Sendable (String) -> Void)? = nil,
        handlerFailed: (@Sendable (HTTPRequest, any Error) -> Void)? = nil
    ) {
        self.accessLog = accessLog
        self.requestCompleted = requestCompleted
        self.diagnostics = diagnostics
        self.handlerFailed = handlerFailed
    }
}
