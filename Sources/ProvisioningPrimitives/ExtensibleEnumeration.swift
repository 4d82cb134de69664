/// An open set of named string values: a struct whose static members are the
/// values known today, and which keeps any other raw value as it is — what
/// Apple's typed extensible enumerations become in Swift.
///
/// Error codes are the main use: every module's error type declares its
/// `Code` so, and adds a code without breaking anyone's `switch` (which keeps
/// a `default` branch); logs, messages and problem documents show a code as
/// its raw value. Levels, scopes, dialects and the wire's open sets are the
/// same. Adopting the protocol gives a type its conformances and its
/// description; it is public because the SDK's public codes adopt it.
///
/// ```swift
/// public struct Code: ExtensibleEnumeration {
///     public let rawValue: String
///     public init(rawValue: String) { self.rawValue = rawValue }
///
///     /// The store cannot be read or written.
///     public static let storeFailure = Code(rawValue: "store-failure")
/// }
/// ```
public protocol ExtensibleEnumeration: RawRepresentable, Hashable, Sendable, CustomStringConvertible
where RawValue == String {
    /// The value whose raw value is `rawValue`; any string makes one.
    init(rawValue: String)
}

extension ExtensibleEnumeration {
    /// The raw value, as messages print the value.
    public var description: String { rawValue }
}
