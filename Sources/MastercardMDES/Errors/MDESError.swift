import ProvisioningPrimitives

/// The one error ``MastercardMDES`` raises of its own: a request signature that
/// does not verify, an activation value (TAV) that cannot be made or is
/// refused, a Customer Service API answer that cannot be read.
///
/// What the service's lifecycle code sees from the connector is a
/// ``ProvisioningService/ServiceError`` with a network code, as
/// ``ProvisioningService/TokenServiceConnector`` requires; `MDESError` is what
/// the pieces below it (signer, verifier, TAV) throw, and what the sandbox's
/// MDES endpoint maps to an `ErrorsResponse`.
///
/// The ``detail`` names the check, never the data: no key, signature, PAN,
/// expiry or token number.
///
/// ```swift
/// do {
///     _ = try verifier.verify(request, now: Date())
/// } catch let error as MDESError where error.code == .signatureInvalid {
///     // answer 401
/// }
/// ```
package struct MDESError: Error, CodedDetail {
    /// The kind of failure; new codes are added as static members.
    package struct Code: ExtensibleEnumeration {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// No `Authorization: OAuth …` header, or one that is not well-formed
        /// (a parameter twice, a missing one, a bad quote).
        package static let authorizationMalformed = Code(rawValue: "authorization-malformed")
        /// The consumer key is not registered.
        package static let consumerUnknown = Code(rawValue: "consumer-unknown")
        /// A signature method other than `RSA-SHA256`, or a version other than `1.0`.
        package static let signatureMethodUnsupported = Code(rawValue: "signature-method-unsupported")
        /// `oauth_body_hash` is not the SHA-256 of the body.
        package static let bodyHashMismatch = Code(rawValue: "body-hash-mismatch")
        /// The timestamp is outside the accepted window.
        package static let timestampOutOfWindow = Code(rawValue: "timestamp-out-of-window")
        /// The nonce was already used with this consumer key.
        package static let nonceReplayed = Code(rawValue: "nonce-replayed")
        /// The signature does not verify over the request's base string.
        package static let signatureInvalid = Code(rawValue: "signature-invalid")
        /// A key cannot be used (not RSA, too small, unreadable).
        package static let keyUnusable = Code(rawValue: "key-unusable")
        /// An activation value that is not a TAV of the supported format.
        package static let tavMalformed = Code(rawValue: "tav-malformed")
        /// A TAV whose signature does not verify with the registered key, whose
        /// fields are not the card's, or whose validity has passed.
        package static let tavRefused = Code(rawValue: "tav-refused")
        /// An answer of the Customer Service API that is not what its
        /// description says.
        package static let responseMalformed = Code(rawValue: "response-malformed")
    }

    package var code: Code
    /// Fixed text naming the check.
    package var detail: String

    package init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }
}
