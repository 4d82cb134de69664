import Foundation

/// The sandbox's documented test cards. Provisioning one of them in the sandbox
/// always has the listed outcome; any other valid card number is approved.
///
/// | Scheme | Approve | Requires activation | Decline | Identity verification (OTP) |
/// |---|---|---|---|---|
/// | Visa | 4761 2000 0000 0015 | 4761 2000 0000 0023 | 4761 2000 0000 0031 | 4761 2000 0000 0049 |
/// | Mastercard | 5204 2400 0000 0013 | 5204 2400 0000 0021 | 5204 2400 0000 0039 | 5204 2400 0000 0047 |
/// | Amex | 3742 000000 00012 | 3742 000000 00020 | 3742 000000 00038 | 3742 000000 00046 |
/// | Discover | 6011 0000 0000 0012 | 6011 0000 0000 0020 | 6011 0000 0000 0038 | 6011 0000 0000 0046 |
/// | PURE (product `PURE-DEBIT`) | 9400 0000 0000 0015 | 9400 0000 0000 0023 | 9400 0000 0000 0031 | 9400 0000 0000 0049 |
///
/// Dual brand: 5204 2400 0000 0096, Mastercard with PagoBancomat
/// (product `PAGOBANCOMAT-DEBIT`) as the auxiliary brand, approved.
///
/// Every card expires in December three years after the `now` it is listed
/// for, so the table never goes stale. Card references are
/// `sandbox-<scheme>-<outcome>` in lower case (`sandbox-dual-brand` for the
/// dual-brand card).
///
/// ```swift
/// let card = SandboxTestCards.card(scheme: .visa, outcome: .requireActivation, now: Date())
/// SandboxTestCards.outcome(forPAN: card.pan)  // .requireActivation
/// ```
package enum SandboxTestCards {
    /// The product id of the PURE test cards.
    package static let pureProductId = "PURE-DEBIT"
    /// The product id of the dual-brand card's PagoBancomat brand.
    package static let pagoBancomatProductId = "PAGOBANCOMAT-DEBIT"

    private struct Entry: Sendable {
        let pan: String
        let scheme: SandboxScheme
        let outcome: SandboxOutcome
        let name: String
        let reference: String
        let productId: String?
        let auxiliaryScheme: SandboxScheme?
        let auxiliaryProductId: String?
    }

    private static let cardholderNames: [SandboxOutcome: String] = [
        .approve: "Ada Lovelace", .requireActivation: "Grace Hopper", .decline: "Alan Turing",
        .requireIdentityVerification: "Katherine Johnson",
    ]

    private static let outcomeOrder: [SandboxOutcome] = [
        .approve, .requireActivation, .decline, .requireIdentityVerification,
    ]

    private static let numbers: [(SandboxScheme, [String])] = [
        (.visa, ["4761200000000015", "4761200000000023", "4761200000000031", "4761200000000049"]),
        (.mastercard, ["5204240000000013", "5204240000000021", "5204240000000039", "5204240000000047"]),
        (.amex, ["374200000000012", "374200000000020", "374200000000038", "374200000000046"]),
        (.discover, ["6011000000000012", "6011000000000020", "6011000000000038", "6011000000000046"]),
        (.pure, ["9400000000000015", "9400000000000023", "9400000000000031", "9400000000000049"]),
    ]

    private static let entries: [Entry] = {
        var entries: [Entry] = []
        for (scheme, pans) in numbers {
            for (outcome, pan) in zip(outcomeOrder, pans) {
                entries.append(
                    Entry(
                        pan: pan, scheme: scheme, outcome: outcome, name: cardholderNames[outcome] ?? "Sandbox Card",
                        reference: "sandbox-\(scheme.rawValue.lowercased())-\(outcome.rawValue.lowercased())",
                        productId: scheme == .pure ? pureProductId : nil, auxiliaryScheme: nil,
                        auxiliaryProductId: nil))
            }
        }
        entries.append(
            Entry(
                pan: "5204240000000096", scheme: .mastercard, outcome: .approve, name: "Emmy Noether",
                reference: "sandbox-dual-brand", productId: nil, auxiliaryScheme: .pagoBancomat,
                auxiliaryProductId: pagoBancomatProductId))
        return entries
    }()

    /// Every test card, with expiries computed from `now`.
    package static func all(now: Date) -> [SandboxTestCard] {
        let (month, year) = expiration(now: now)
        return entries.map { entry in
            SandboxTestCard(
                pan: entry.pan, scheme: entry.scheme, productId: entry.productId, outcome: entry.outcome,
                cardholderName: entry.name, cardReference: entry.reference, expirationMonth: month,
                expirationYear: year, auxiliaryScheme: entry.auxiliaryScheme,
                auxiliaryProductId: entry.auxiliaryProductId)
        }
    }

    /// The single-brand test card of `scheme` with `outcome`, or `nil` when the
    /// table has none (PagoBancomat exists only as an auxiliary brand).
    package static func card(scheme: SandboxScheme, outcome: SandboxOutcome, now: Date) -> SandboxTestCard? {
        all(now: now).first { $0.scheme == scheme && $0.outcome == outcome && !$0.isDualBrand }
    }

    /// The dual-brand test card.
    package static func dualBrandCard(now: Date) -> SandboxTestCard? {
        all(now: now).first(where: \.isDualBrand)
    }

    /// The test card with number `pan`, or `nil` for any other number.
    package static func card(forPAN pan: String, now: Date) -> SandboxTestCard? {
        all(now: now).first { $0.pan == pan }
    }

    /// What provisioning `pan` does in the sandbox: the listed outcome of a test
    /// card, ``SandboxOutcome/approve`` for any other number. Callers validate the
    /// number first; this lookup does not.
    package static func outcome(forPAN pan: String) -> SandboxOutcome {
        entries.first { $0.pan == pan }?.outcome ?? .approve
    }

    /// December of the year three years after `now`'s year (UTC).
    package static func expiration(now: Date) -> (month: Int, year: Int) {
        (12, UTCDate(now).year + 3)
    }
}
