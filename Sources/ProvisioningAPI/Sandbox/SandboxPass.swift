/// A payment pass on a simulated device, as the sandbox's Apple side holds it.
///
/// ``activationState`` follows the token at the network, so a suspension by
/// the issuer shows up the next time the device lists its passes.
package struct SandboxPass: Codable, Hashable, Sendable {
    /// The wallet type of every payment pass.
    package static let paymentPassTypeIdentifier = "paymentpass.com.apple"

    /// The pass's serial number (used in Wallet's deep link).
    package var serialNumber: String
    /// ``paymentPassTypeIdentifier``.
    package var passTypeIdentifier: String
    /// Apple's identifier of the funding account, the same on every device.
    package var primaryAccountIdentifier: String
    /// The funding PAN's last four digits.
    package var primaryAccountNumberSuffix: String
    /// The token's identifier.
    package var deviceAccountIdentifier: String
    /// The token's last four digits.
    package var deviceAccountNumberSuffix: String
    /// The pass's activation state.
    package var activationState: SandboxPassActivationState
    /// The device holding the pass.
    package var deviceId: String
    /// That device's name.
    package var deviceName: String
    /// The card's network.
    package var paymentNetwork: CardSchemeName?
    /// The pass's description ("Bank Visa Gold").
    package var localizedDescription: String?

    package init(
        serialNumber: String,
        passTypeIdentifier: String = Self.paymentPassTypeIdentifier,
        primaryAccountIdentifier: String,
        primaryAccountNumberSuffix: String,
        deviceAccountIdentifier: String,
        deviceAccountNumberSuffix: String,
        activationState: SandboxPassActivationState,
        deviceId: String,
        deviceName: String,
        paymentNetwork: CardSchemeName? = nil,
        localizedDescription: String? = nil
    ) {
        self.serialNumber = serialNumber
        self.passTypeIdentifier = passTypeIdentifier
        self.primaryAccountIdentifier = primaryAccountIdentifier
        self.primaryAccountNumberSuffix = primaryAccountNumberSuffix
        self.deviceAccountIdentifier = deviceAccountIdentifier
        self.deviceAccountNumberSuffix = deviceAccountNumberSuffix
        self.activationState = activationState
        self.deviceId = deviceId
        self.deviceName = deviceName
        self.paymentNetwork = paymentNetwork
        self.localizedDescription = localizedDescription
    }
}
