import Foundation

/// A card an issuer provisioning extension offers Wallet, as in PassKit
/// (iOS 14): an identifier, a title and the card's art. Payment cards are
/// ``PKIssuerProvisioningExtensionPaymentPassEntry``.
///
/// Like Apple's class it is not `Sendable`.
open class PKIssuerProvisioningExtensionPassEntry: NSObject {
    /// The issuer's identifier for the card; Wallet hands it back to
    /// ``PKIssuerProvisioningExtensionHandler/generateAddPaymentPassRequestForPassEntryWithIdentifier(_:configuration:certificateChain:nonce:nonceSignature:completionHandler:)``.
    public let identifier: String
    /// The card's name as Wallet lists it (the product title).
    public let title: String
    /// The card's art.
    public let art: CGImage

    init(identifier: String, title: String, art: CGImage) {
        self.identifier = identifier
        self.title = title
        self.art = art
        super.init()
    }
}
