import ProvisioningAPI

/// The payment network of a card, as the seeds spell it.
///
/// ```swift
/// TPCSDK.provision(fromController: self, primaryAccountSuffix: "1234", cardholderName: "John Doe",
///                  scheme: .Mastercard, encryptedPayload: payload, authorizationCode: code,
///                  provisionDelegate: self)
/// ```
///
/// The string forms accepted by the `schemeString:` variants are
/// ``schemeString``: `"VISA"`, `"MASTERCARD"`, `"AMEX"`, `"DISCOVER"` and
/// `"PAGOBANCOMAT"`, in any case.
public enum CardScheme: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Visa.
    case Visa = 0
    /// Mastercard.
    case Mastercard = 1
    /// American Express.
    case Amex = 2
    /// Discover.
    case Discover = 3
    /// PagoBancomat, the Italian domestic scheme (needs a `productId`).
    case PagoBancomat = 4

    /// Parses a seed scheme string ("VISA", "MASTERCARD", "AMEX", "DISCOVER",
    /// "PAGOBANCOMAT"), ignoring case and surrounding spaces; `nil` otherwise.
    public init?(schemeString: String) {
        let name = CardSchemeName(schemeString.trimmingCharacters(in: .whitespaces))
        guard let scheme = Self.allCases.first(where: { $0.schemeName == name }) else { return nil }
        self = scheme
    }

    /// The wire spelling.
    public var schemeString: String { schemeName.rawValue }

    /// The scheme in the service's contract.
    public var schemeName: CardSchemeName {
        switch self {
        case .Visa: .visa
        case .Mastercard: .mastercard
        case .Amex: .amex
        case .Discover: .discover
        case .PagoBancomat: .pagoBancomat
        }
    }

    public var description: String { schemeString }
}
