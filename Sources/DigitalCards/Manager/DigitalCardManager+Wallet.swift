import Foundation
import ProvisioningAPI

extension DigitalCardManager {
    /// Whether this device's wallet is registered.
    public var isWalletRegistered: Bool {
        get async { (try? await wallet().isRegistered) ?? false }
    }

    /// The registered wallet's identifier, `nil` before registration.
    public var walletId: String? {
        get async { try? await wallet().walletCredentials().walletId }
    }

    /// Registers this device's wallet for a user of the bank.
    ///
    /// Generates the wallet's P-256 key on the device (payment keys are
    /// encrypted to it), registers its public half and keeps the private
    /// half and the wallet's credential in the Keychain (0600 files on
    /// Linux). Registering again replaces the previous wallet on this
    /// device, with its cached cards and keys.
    ///
    /// - Parameters:
    ///   - userId: the bank's identifier of the user.
    ///   - deviceName: a name for the user to recognise the device by.
    ///   - authorizationCode: the bank's single-use code (scope `wallet:register`)
    ///     from its own backend, after it authenticated the user.
    /// - Returns: the wallet's identifier.
    /// - Throws: ``DigitalCardError`` ``DigitalCardError/Code/authorizationRefused``
    ///   for a bad code, ``DigitalCardError/Code/cryptoFailure``, transport errors.
    @discardableResult
    public func registerWallet(
        userId: String, deviceName: String, authorizationCode: String
    )
        async throws(DigitalCardError) -> String
    {
        try await wallet().register(userId: userId, deviceName: deviceName, authorizationCode: authorizationCode)
            .walletId
    }

    /// Forgets the wallet on this device: credentials, keys and cache.
    public func unregisterWallet() async throws(DigitalCardError) {
        try await wallet().unregister()
    }

    /// Enrols a card into the wallet, as Apple Pay provisioning does: from
    /// the bank's encrypted card payload and its authorization code.
    ///
    /// An active card comes back with its first payment keys; a card that
    /// needs ID&V comes back `.inactive` with a ``DigitalCard/pendingActivationSession``.
    ///
    /// - Parameters:
    ///   - scheme: the card's network.
    ///   - productId: the card product, if the bank uses them.
    ///   - encryptedPayload: CMS enveloped data for the issuer's payload
    ///     certificate, base64, as the bank's backend produced it.
    ///   - authorizationCode: the bank's single-use code (scope `wallet:enrol`).
    /// - Throws: ``DigitalCardError`` ``DigitalCardError/Code/authorizationRefused``,
    ///   ``DigitalCardError/Code/invalidArgument``, ``DigitalCardError/Code/walletNotRegistered``,
    ///   transport errors.
    public func enrollCard(
        scheme: DigitalCard.Scheme, productId: String? = nil, encryptedPayload: String, authorizationCode: String
    ) async throws(DigitalCardError) -> DigitalCard {
        let engine = try wallet()
        let resource = try await engine.enroll(
            CardEnrollmentRequest(
                scheme: scheme, productId: productId, encryptedPayload: encryptedPayload,
                authorizationCode: authorizationCode))
        return DigitalCard(resource, engine: engine)
    }
}
