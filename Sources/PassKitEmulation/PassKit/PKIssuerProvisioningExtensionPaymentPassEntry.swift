import Foundation

/// A payment card an issuer provisioning extension offers Wallet, as in
/// PassKit (iOS 14): the entry plus the configuration of its add request.
///
/// ```swift
/// guard let configuration = PKAddPaymentPassRequestConfiguration(encryptionScheme: .ECC_V2) else { return }
/// configuration.cardholderName = "Ada Lovelace"
/// configuration.primaryAccountSuffix = "1234"
/// configuration.paymentNetwork = .masterCard
/// let entry = PKIssuerProvisioningExtensionPaymentPassEntry(
///     identifier: "card-1", title: "Everyday Debit", art: art, addRequestConfiguration: configuration)
/// ```
open class PKIssuerProvisioningExtensionPaymentPassEntry: PKIssuerProvisioningExtensionPassEntry {
    /// What the add request for this card shows and which card it adds.
    public let addRequestConfiguration: PKAddPaymentPassRequestConfiguration

    /// Makes an entry, or `nil` when the identifier or the title is empty or
    /// the configuration has neither a cardholder name nor an account suffix
    /// (Wallet could not show the card).
    public init?(
        identifier: String, title: String, art: CGImage,
        addRequestConfiguration configuration: PKAddPaymentPassRequestConfiguration
    ) {
        guard !identifier.isEmpty, !title.isEmpty,
            configuration.cardholderName?.isEmpty == false || configuration.primaryAccountSuffix?.isEmpty == false
        else { return nil }
        self.addRequestConfiguration = configuration
        super.init(identifier: identifier, title: title, art: art)
    }
}
