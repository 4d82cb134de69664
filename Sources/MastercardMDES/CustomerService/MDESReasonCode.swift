/// The `ReasonCode`s of `ErrorsResponse` the connector tells apart, and that
/// the sandbox's MDES endpoint answers. Any other code is mapped by the HTTP
/// status alone and kept in the service's error detail.
package enum MDESErrorReason {
    /// No token with that reference (for this issuer).
    package static let tokenNotFound = "TOKEN_NOT_FOUND"
    /// The token's status (or its suspenders) does not allow the change.
    package static let invalidTokenStatus = "INVALID_TOKEN_STATUS"
    /// A required member is missing.
    package static let missingRequiredField = "MISSING_REQUIRED_FIELD"
    /// A member has a value outside its published set or length.
    package static let invalidFieldValue = "INVALID_FIELD_VALUE"
    /// The body is not JSON of the operation's message.
    package static let invalidRequest = "INVALID_REQUEST"
    /// The OAuth signature, consumer key, body hash, timestamp or nonce was refused.
    package static let authenticationFailed = "AUTHENTICATION_FAILED"
}
