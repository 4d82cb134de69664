/// The answer of `GET /v1/sandbox/activation-codes/{sessionId}`: the one-time
/// code the sandbox "sent" for a wallet ID&V session, readable by tests and the
/// demo (standing in for an SMS).
package struct SandboxActivationCode: Codable, Hashable, Sendable {
    /// The activation session.
    package var sessionId: String
    /// The one-time code.
    package var code: String

    package init(sessionId: String, code: String) {
        self.sessionId = sessionId
        self.code = code
    }
}
