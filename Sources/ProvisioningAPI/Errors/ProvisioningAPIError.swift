/// An error raised by ``ProvisioningAPI`` itself, on the client or the server
/// side, before anything is sent or after something was received.
///
/// The detail names the parameter or segment that is wrong, never its value
/// (identifiers and cursors can be sensitive).
///
/// ```swift
/// do {
///     let endpoint = try APIPaths.tokenState(issuerId: issuer, tokenId: token)
/// } catch let error as ProvisioningAPIError where error.code == .invalidPathSegment {
///     // the token id was empty or a dot segment
/// }
/// ```
public struct ProvisioningAPIError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with
    /// a `default` branch.
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A path parameter is empty, `.` or `..`, which cannot name a resource.
        public static let invalidPathSegment = Code(rawValue: "invalid-path-segment")
        /// A query parameter is malformed or out of range.
        public static let invalidQueryParameter = Code(rawValue: "invalid-query-parameter")
        /// An OpenAPI document given to ``SchemaMembers`` has no component schemas.
        public static let malformedDocument = Code(rawValue: "malformed-document")
        /// A resource of the module could not be found. No longer thrown: the
        /// OpenAPI document is compiled in.
        @available(*, deprecated, message: "OpenAPIDocument.data() no longer fails")
        public static let resourceMissing = Code(rawValue: "resource-missing")
    }

    /// The kind of failure.
    public let code: Code
    /// A short explanation without values.
    public let detail: String

    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    public var description: String { "\(code): \(detail)" }
}
