import Foundation

/// A card an issuer provisioning extension offers Wallet, as in PassKit
/// (iOS 14): an identifier, a title and the card's art. Payment cards are
/// ``PKIssuerProvisioningExtensionPaymentPassEntry``.
///
/// Entries are immutable, which makes them safe to hand between threads.
open class PKIssuerProvisioningExtensionPassEntry: NSObject, @unchecked Sendable {
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
