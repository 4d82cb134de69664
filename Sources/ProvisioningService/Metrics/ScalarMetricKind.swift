/// What tells a counter from a gauge in a ``ScalarMetric``: the exposition
/// `# TYPE` name, and (in the kind's extension of ``ScalarMetric``) the
/// operations it allows.
package protocol ScalarMetricKind: Sendable {
    /// The `# TYPE` line's name: `counter`, `gauge`.
    static var typeName: String { get }
}
