import Foundation
import ProvisioningAPI

/// What the phone hands a terminal on a tap: the transaction, the id of the
/// payment key used and the cryptogram computed with it.
///
/// Made by ``DigitalCard/tap(_:)``, which has already taken the key off the
/// device; a terminal submits it once (``SandboxTerminal/submit(_:)``).
/// Holds no key material.
public struct ContactlessPayment: Hashable, Sendable {
    /// The request the terminal sends to the network.
    public var request: PaymentRequest

    /// The card that paid.
    public var cardId: String { request.cardId }
    /// The payment key used.
    public var keyId: String { request.keyId }
    /// HMAC-SHA256 of the key over `PaymentRequest.transactionData` (ProvisioningAPI).
    public var cryptogram: Data {
        get { request.cryptogram }
        set { request.cryptogram = newValue }
    }

    public init(request: PaymentRequest) {
        self.request = request
    }
}

extension ContactlessPayment: CustomStringConvertible {
    // The cryptogram and challenge stay out of logs.
    public var description: String { "ContactlessPayment(card: \(cardId), key: \(keyId))" }
}
