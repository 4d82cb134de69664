import ProvisioningAPI
import ProvisioningPrimitives

/// A refusal or failure of the sandbox network, with a stable ``Code``.
///
/// Every code maps to a problem of the wire contract (``problem``), so an HTTP
/// route answers with the same `type` whether the error came from the device's
/// input, the vault or the database. ``detail`` never contains a PAN, nonce,
/// key or activation data: it names the rule that failed, not the value.
///
/// ```swift
/// do {
///     let pass = try await sandbox.addPass(request, deviceId: deviceId)
/// } catch let error as SandboxError where error.code == .declined {
///     // the test card declines
/// }
/// ```
package struct SandboxError: ProblemConvertible, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure; an open set.
    package struct Code: ExtensibleEnumeration {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// No device with this id.
        package static let unknownDevice = Code(rawValue: "unknown-device")
        /// No pass with this serial number on this device.
        package static let unknownPass = Code(rawValue: "unknown-pass")
        /// A request field is missing, too large or malformed.
        package static let invalidField = Code(rawValue: "invalid-field")
        /// The body is not JSON of the expected shape.
        package static let malformedBody = Code(rawValue: "malformed-body")
        /// The pass data does not decrypt with the sandbox leaf key.
        package static let passDataUndecryptable = Code(rawValue: "pass-data-undecryptable")
        /// The nonce was never issued, issued to another device, or does not
        /// match the one inside the pass data.
        package static let nonceUnknown = Code(rawValue: "nonce-unknown")
        /// The nonce's five minutes are over.
        package static let nonceExpired = Code(rawValue: "nonce-expired")
        /// The nonce was consumed by another add request.
        package static let nonceReplayed = Code(rawValue: "nonce-replayed")
        /// The nonce signature inside the pass data does not verify with the device key.
        package static let nonceSignatureInvalid = Code(rawValue: "nonce-signature-invalid")
        /// The activation data was not made by a configured issuer for this nonce.
        package static let activationDataInvalid = Code(rawValue: "activation-data-invalid")
        /// The network's ID&V declined the card.
        package static let declined = Code(rawValue: "declined")
        /// The token's state does not allow the operation.
        package static let illegalTransition = Code(rawValue: "illegal-transition")
        /// The sandbox master key does not open the stored certificate authority.
        package static let masterKeyMismatch = Code(rawValue: "master-key-mismatch")
        /// The sandbox directory or master key file cannot be used.
        package static let directoryUnusable = Code(rawValue: "directory-unusable")
        /// Stored sandbox state cannot be read back.
        package static let corruptState = Code(rawValue: "corrupt-state")
        /// A cryptographic primitive failed unexpectedly.
        package static let internalFailure = Code(rawValue: "internal-failure")
    }

    /// The kind of failure.
    package let code: Code
    /// A short explanation without card data, nonces or keys.
    package let detail: String
    /// For ``Code/invalidField`` and friends: the refused request fields.
    package let fields: [FieldProblem]

    package init(_ code: Code, _ detail: String, fields: [FieldProblem] = []) {
        self.code = code
        self.detail = detail
        self.fields = fields
    }

    package var description: String { "SandboxError(\(code)): \(detail)" }

    /// The wire problem this error is answered with.
    package var problem: ProblemDetails {
        switch code {
        case .unknownDevice, .unknownPass:
            ProblemDetails(.notFound, detail: detail)
        case .malformedBody:
            ProblemDetails(.malformedJSON, detail: detail)
        case .nonceReplayed:
            ProblemDetails(.nonceReplayed, detail: detail)
        case .declined:
            ProblemDetails(.declined, detail: detail)
        case .illegalTransition:
            ProblemDetails(.illegalTransition, detail: detail)
        case .invalidField, .passDataUndecryptable, .nonceUnknown, .nonceExpired, .nonceSignatureInvalid,
            .activationDataInvalid:
            ProblemDetails(.invalidField, detail: detail, errors: fields.isEmpty ? nil : fields)
        default:
            ProblemDetails(.internal, detail: "The sandbox could not complete the request.")
        }
    }
}

extension FieldProblemReason {
    /// The value does not verify (a signature, MAC or decryption failed).
    static let verificationFailed = FieldProblemReason(rawValue: "verification-failed")
    /// The value was issued to someone else or not at all.
    static let notIssued = FieldProblemReason(rawValue: "not-issued")
}
