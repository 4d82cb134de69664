import Foundation

// The wallet API (issue [DigitalCards]) is defined thinner than the rest of
// the contract on purpose: the service that implements it will refine these
// types, and the OpenAPI document with them.

/// The body of `POST /v1/issuers/{issuerId}/wallets`: an instance of the
/// issuer's wallet app registers itself for a user.
///
/// ``publicKey`` is the wallet's P-256 key as an X9.62 uncompressed point
/// (65 bytes); payment keys are delivered encrypted to it. The bank's
/// ``authorizationCode`` (scope `wallet:register`) names the user.
package struct WalletRegistrationRequest: Codable, Hashable, Sendable {
    /// The issuer's identifier of the user.
    package var userId: String
    /// The device's name.
    package var deviceName: String
    /// The wallet's P-256 public key, X9.62 uncompressed point.
    package var publicKey: Data
    /// The bank's single-use authorization code.
    package var authorizationCode: String

    package init(userId: String, deviceName: String, publicKey: Data, authorizationCode: String) {
        self.userId = userId
        self.deviceName = deviceName
        self.publicKey = publicKey
        self.authorizationCode = authorizationCode
    }
}
