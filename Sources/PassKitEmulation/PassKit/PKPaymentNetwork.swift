/// A payment network, as in PassKit: a string-backed name.
///
/// The raw strings are those Apple's constants are known to carry
/// (`PKPaymentNetworkVisa` is `"Visa"`, …); Apple's headers declare the
/// constants without their values, so code should compare networks through
/// these constants, never through literal strings.
///
/// ```swift
/// configuration.paymentNetwork = .masterCard
/// ```
public struct PKPaymentNetwork: RawRepresentable, Hashable, Sendable {
    /// The network's name.
    public let rawValue: String

    /// Wraps a network name.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Wraps a network name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// American Express.
    public static let amex = PKPaymentNetwork("AmEx")
    /// Bancomat (Italy), superseded by ``pagoBancomat``.
    public static let bancomat = PKPaymentNetwork("Bancomat")
    /// Bancontact (Belgium).
    public static let bancontact = PKPaymentNetwork("Bancontact")
    /// A QR code to use for payment.
    public static let barcode = PKPaymentNetwork("Barcode")
    /// Cartes Bancaires (France).
    public static let cartesBancaires = PKPaymentNetwork("CartesBancaires")
    /// China UnionPay.
    public static let chinaUnionPay = PKPaymentNetwork("ChinaUnionPay")
    /// Dankort (Denmark).
    public static let dankort = PKPaymentNetwork("Dankort")
    /// Discover.
    public static let discover = PKPaymentNetwork("Discover")
    /// eftpos (Australia).
    public static let eftpos = PKPaymentNetwork("Eftpos")
    /// Visa Electron.
    public static let electron = PKPaymentNetwork("Electron")
    /// Elo (Brazil).
    public static let elo = PKPaymentNetwork("Elo")
    /// girocard (Germany).
    public static let girocard = PKPaymentNetwork("Girocard")
    /// iD (Japan).
    public static let idCredit = PKPaymentNetwork("iD")
    /// Interac (Canada).
    public static let interac = PKPaymentNetwork("Interac")
    /// JCB.
    public static let JCB = PKPaymentNetwork("JCB")
    /// mada (Saudi Arabia).
    public static let mada = PKPaymentNetwork("mada")
    /// Maestro.
    public static let maestro = PKPaymentNetwork("Maestro")
    /// Mastercard.
    public static let masterCard = PKPaymentNetwork("MasterCard")
    /// Mir (Russia).
    public static let mir = PKPaymentNetwork("Mir")
    /// PagoBancomat (Italy).
    public static let pagoBancomat = PKPaymentNetwork("PagoBancomat")
    /// Store credit and debit cards.
    public static let privateLabel = PKPaymentNetwork("PrivateLabel")
    /// QUICPay (Japan).
    public static let quicPay = PKPaymentNetwork("QUICPay")
    /// Suica (Japan).
    public static let suica = PKPaymentNetwork("Suica")
    /// Visa.
    public static let visa = PKPaymentNetwork("Visa")
    /// V Pay.
    public static let vPay = PKPaymentNetwork("VPay")
}
