import ProvisioningPrimitives

/// A failure of `tpc demo` (the issuer's client tools throw ``IssuerToolError``).
///
/// Descriptions name what failed and never carry a PAN, an expiry, a key, an
/// authorization code or a nonce: they are printed on the terminal.
package struct DemoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes are added as static members; switch with
    /// a `default` branch.
    package struct Code: ExtensibleEnumeration {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// A check of a demo step did not hold.
        package static let verificationFailed = Code(rawValue: "verification-failed")
        /// A step needs something an earlier step should have made.
        package static let missingPrerequisite = Code(rawValue: "missing-prerequisite")
        /// The sandbox process could not be started or did not become ready.
        package static let sandboxUnavailable = Code(rawValue: "sandbox-unavailable")
        /// The service could not be reached.
        package static let serviceUnreachable = Code(rawValue: "service-unreachable")
        /// The service answered with an error status.
        package static let serviceRefused = Code(rawValue: "service-refused")
        /// The service's answer does not match the contract.
        package static let invalidResponse = Code(rawValue: "invalid-response")
        /// A file (sandbox directory, key, certificate) is missing or unreadable.
        package static let unreadableFile = Code(rawValue: "unreadable-file")
        /// Input data (a card JSON, a claim) is not acceptable.
        package static let invalidInput = Code(rawValue: "invalid-input")
        /// A child process could not be started or did not end in time.
        package static let processFailed = Code(rawValue: "process-failed")
    }

    /// The kind of failure.
    package let code: Code
    /// What failed, without secrets; for a refusal, with what the service
    /// answered (``IssuerToolError/describing(_:httpStatus:problemType:requestId:)``).
    package let message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }
}
