import ProvisioningPrimitives

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
package struct ProvisioningAPIError: Error, CodedDetail {
    /// The kind of failure. New codes are added as static members; switch with
    /// a `default` branch.
    package struct Code: ExtensibleEnumeration {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// A path parameter is empty, `.` or `..`, which cannot name a resource.
        package static let invalidPathSegment = Code(rawValue: "invalid-path-segment")
        /// A query parameter is malformed or out of range.
        package static let invalidQueryParameter = Code(rawValue: "invalid-query-parameter")
        /// An OpenAPI document given to ``SchemaMembers`` has no component schemas.
        package static let malformedDocument = Code(rawValue: "malformed-document")
        /// A resource of the module could not be found. No longer thrown: the
        /// OpenAPI document is compiled in.
        @available(*, deprecated, message: "OpenAPIDocument.data() no longer fails")
        package static let resourceMissing = Code(rawValue: "resource-missing")
    }

    /// The kind of failure.
    package let code: Code
    /// A short explanation without values.
    package let detail: String

    package init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }
}
