/// The answer of `GET /v1/sandbox/activation-codes/{sessionId}`: the one-time
/// code the sandbox "sent" for a wallet ID&V session, readable by tests and the
/// demo (standing in for an SMS).
public struct SandboxActivationCode: Codable, Hashable, Sendable {
    /// The activation session.
    public var sessionId: String
    /// The one-time code.
    public var code: String

    public init(sessionId: String, code: String) {
        self.sessionId = sessionId
        self.code = code
    }
}
