#if canImport(PassKit)
import PassKit
#else
import PassKitEmulation
#endif

extension CardScheme {
    /// The PassKit network shown on the add sheet.
    public var paymentNetwork: PKPaymentNetwork {
        switch self {
        case .Visa: .visa
        case .Mastercard: .masterCard
        case .Amex: .amex
        case .Discover: .discover
        case .PagoBancomat: .pagoBancomat
        }
    }
}
