import Foundation

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
/// Like Apple's class it is not `Sendable`.
open class PKAddPaymentPassRequestConfiguration: NSObject {
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
    open var style: PKAddPaymentPassStyle = .payment

    /// The name on the card, shown on the sheet.
    open var cardholderName: String?

    /// The card number's last four digits, shown on the sheet.
    open var primaryAccountSuffix: String?

    /// Extra labelled details shown on the sheet.
    open var cardDetails: [PKLabeledValue] = []

    /// The card's description, shown on the sheet.
    open var localizedDescription: String?

    /// The card's identifier at the issuer; when a pass with it is already on a
    /// device, the sheet offers only the other device.
    open var primaryAccountIdentifier: String?

    /// The card's network, used to pick the card art and routing.
    open var paymentNetwork: PKPaymentNetwork?

    /// Product identifiers that narrow the pass's art and features (iOS 12.3).
    open var productIdentifiers: Set<String> = []

    /// Whether the card needs a FeliCa secure element (Japan); the simulated
    /// devices have none, so such a configuration cannot be added.
    open var requiresFelicaSecureElement = false
}

/// A configuration's values, copied where Wallet takes them from the issuer
/// and made into a fresh configuration where it hands them back, as they
/// cross the process boundary on iOS.
struct RequestConfigurationValues: Sendable {
    var encryptionScheme: PKEncryptionScheme
    var style: PKAddPaymentPassStyle
    var cardholderName: String?
    var primaryAccountSuffix: String?
    var cardDetails: [LabeledValue]
    var localizedDescription: String?
    var primaryAccountIdentifier: String?
    var paymentNetwork: PKPaymentNetwork?
    var productIdentifiers: Set<String>
    var requiresFelicaSecureElement: Bool

    struct LabeledValue: Sendable {
        var label: String
        var value: String
    }

    init(_ configuration: PKAddPaymentPassRequestConfiguration) {
        encryptionScheme = configuration.encryptionScheme
        style = configuration.style
        cardholderName = configuration.cardholderName
        primaryAccountSuffix = configuration.primaryAccountSuffix
        cardDetails = configuration.cardDetails.map { LabeledValue(label: $0.label, value: $0.value) }
        localizedDescription = configuration.localizedDescription
        primaryAccountIdentifier = configuration.primaryAccountIdentifier
        paymentNetwork = configuration.paymentNetwork
        productIdentifiers = configuration.productIdentifiers
        requiresFelicaSecureElement = configuration.requiresFelicaSecureElement
    }

    /// A new configuration with these values.
    func configuration() -> PKAddPaymentPassRequestConfiguration? {
        guard let configuration = PKAddPaymentPassRequestConfiguration(encryptionScheme: encryptionScheme) else {
            return nil
        }
        configuration.style = style
        configuration.cardholderName = cardholderName
        configuration.primaryAccountSuffix = primaryAccountSuffix
        configuration.cardDetails = cardDetails.map { PKLabeledValue(label: $0.label, value: $0.value) }
        configuration.localizedDescription = localizedDescription
        configuration.primaryAccountIdentifier = primaryAccountIdentifier
        configuration.paymentNetwork = paymentNetwork
        configuration.productIdentifiers = productIdentifiers
        configuration.requiresFelicaSecureElement = requiresFelicaSecureElement
        return configuration
    }
}
