/// A metric that cannot be registered.
///
/// Registration happens at start-up with names fixed in code, so these errors
/// point at a programming mistake; they never involve request data.
public struct MetricsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with a
    /// `default` branch.
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A metric or label name outside the Prometheus name alphabet, or a
        /// label name reserved by Prometheus (`le`, `__…`).
        public static let invalidName = Code(rawValue: "invalid-name")
        /// The name is already registered with another type, help or label set.
        public static let conflictingRegistration = Code(rawValue: "conflicting-registration")
        /// Histogram buckets that are empty, unsorted, repeated or not finite.
        public static let invalidBuckets = Code(rawValue: "invalid-buckets")
    }

    /// The kind of failure.
    public let code: Code
    /// The metric's name and what is wrong with it.
    public let detail: String

    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    public var description: String { "\(code): \(detail)" }
}
