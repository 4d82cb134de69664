import Foundation
import Synchronization

/// What the add-payment-pass sheet shows and which card it adds, as in
/// PassKit (iOS 9).
///
/// Give at least a ``cardholderName`` or a ``primaryAccountSuffix``:
/// ``PKAddPaymentPassViewController`` refuses a configuration with neither.
/// Set ``primaryAccountIdentifier`` when the card may already be on one device,
/// so that Wallet offers only the device that still lacks it.
///
/// ```swift
/// guard let configuration = PKAddPaymentPassRequestConfiguration(encryptionScheme: .ECC_V2) else { return }
/// configuration.cardholderName = "John Doe"
/// configuration.primaryAccountSuffix = "1234"
/// configuration.paymentNetwork = .masterCard
/// ```
///
/// The emulation guards its properties with a lock so that a configuration can
/// be handed between threads; Apple's class makes no such promise.
open class PKAddPaymentPassRequestConfiguration: NSObject, @unchecked Sendable {
    private struct Fields {
        var style: PKAddPaymentPassStyle = .payment
        var cardholderName: String?
        var primaryAccountSuffix: String?
        var cardDetails: [PKLabeledValue] = []
        var localizedDescription: String?
        var primaryAccountIdentifier: String?
        var paymentNetwork: PKPaymentNetwork?
        var productIdentifiers: Set<String> = []
        var requiresFelicaSecureElement = false
    }

    private let fields = Mutex(Fields())

    /// The scheme the issuer will encrypt the card data with.
    public let encryptionScheme: PKEncryptionScheme

    /// Makes a configuration for `encryptionScheme`; `nil` for a scheme PassKit
    /// does not know (anything but ``PKEncryptionScheme/ECC_V2`` and
    /// ``PKEncryptionScheme/RSA_V2``).
    public init?(encryptionScheme: PKEncryptionScheme) {
        guard encryptionScheme == .ECC_V2 || encryptionScheme == .RSA_V2 else { return nil }
        self.encryptionScheme = encryptionScheme
        super.init()
    }

    /// Payment card or access card; `.payment` by default.
    open var style: PKAddPaymentPassStyle {
        get { fields.withLock { $0.style } }
        set { fields.withLock { $0.style = newValue } }
    }

    /// The name on the card, shown on the sheet.
    open var cardholderName: String? {
        get { fields.withLock { $0.cardholderName } }
        set { fields.withLock { $0.cardholderName = newValue } }
    }

    /// The card number's last four digits, shown on the sheet.
    open var primaryAccountSuffix: String? {
        get { fields.withLock { $0.primaryAccountSuffix } }
        set { fields.withLock { $0.primaryAccountSuffix = newValue } }
    }

    /// Extra labelled details shown on the sheet.
    open var cardDetails: [PKLabeledValue] {
        get { fields.withLock { $0.cardDetails } }
        set { fields.withLock { $0.cardDetails = newValue } }
    }

    /// The card's description, shown on the sheet.
    open var localizedDescription: String? {
        get { fields.withLock { $0.localizedDescription } }
        set { fields.withLock { $0.localizedDescription = newValue } }
    }

    /// The card's identifier at the issuer; when a pass with it is already on a
    /// device, the sheet offers only the other device.
    open var primaryAccountIdentifier: String? {
        get { fields.withLock { $0.primaryAccountIdentifier } }
        set { fields.withLock { $0.primaryAccountIdentifier = newValue } }
    }

    /// The card's network, used to pick the card art and routing.
    open var paymentNetwork: PKPaymentNetwork? {
        get { fields.withLock { $0.paymentNetwork } }
        set { fields.withLock { $0.paymentNetwork = newValue } }
    }

    /// Product identifiers that narrow the pass's art and features (iOS 12.3).
    open var productIdentifiers: Set<String> {
        get { fields.withLock { $0.productIdentifiers } }
        set { fields.withLock { $0.productIdentifiers = newValue } }
    }

    /// Whether the card needs a FeliCa secure element (Japan); the simulated
    /// devices have none, so such a configuration cannot be added.
    open var requiresFelicaSecureElement: Bool {
        get { fields.withLock { $0.requiresFelicaSecureElement } }
        set { fields.withLock { $0.requiresFelicaSecureElement = newValue } }
    }
}
