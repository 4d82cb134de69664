import ProvisioningAPI

/// The issuer's side of one provisioning request: everything but what Apple
/// Wallet adds (certificates, nonce, signature).
struct ProvisioningInput: Sendable, CustomStringConvertible {
    var scheme: CardSchemeName
    var auxiliaryScheme: CardSchemeName?
    var productId: String?
    var encryptedPayload: String
    var authorizationCode: String
    var primaryAccountIdentifier: String?

    /// Refuses empty payloads and codes before anything is sent.
    func validate() throws(TPCError) {
        guard !encryptedPayload.isEmpty else { throw TPCError(.invalidArgument, "the encrypted payload is empty") }
        guard !authorizationCode.isEmpty else {
            throw TPCError(.invalidArgument, "the authorization code is empty")
        }
    }

    var description: String { "ProvisioningInput(scheme: \(scheme), payload: redacted, code: redacted)" }
}
