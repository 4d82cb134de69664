/// An error that knows the problem document it is answered with.
///
/// This is the one way from an error to an HTTP answer: the HTTP layer renders
/// the ``problem`` of whatever a handler throws (filling in ``ProblemDetails/instance``
/// and ``ProblemDetails/requestId``), and answers anything else with a generic
/// `500`. Handlers therefore throw and never catch to re-map.
///
/// ```swift
/// struct Gone: ProblemConvertible {
///     var problem: ProblemDetails { ProblemDetails(.notFound, detail: "No such token.") }
/// }
/// ```
package protocol ProblemConvertible: Error {
    /// The problem the client receives; its `detail` never holds card data,
    /// codes, nonces or keys.
    var problem: ProblemDetails { get }
}

extension ProblemDetails: ProblemConvertible {
    /// The problem itself: a handler may throw a ``ProblemDetails`` as is.
    package var problem: ProblemDetails { self }
}
