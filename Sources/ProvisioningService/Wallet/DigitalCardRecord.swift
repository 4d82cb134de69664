import Foundation
import ProvisioningStorage

/// A row of `wallet_cards`: one card enrolled into a wallet, with the
/// display data of its token(s). The PAN expiry stays sealed.
struct DigitalCardRecord: Sendable, Hashable {
    let cardId: String
    let walletId: String
    let issuerId: String
    let cardRef: String
    let panFingerprint: String
    let panLastFour: String
    let panExpirySealed: [UInt8]
    let productId: String?
    let token: WalletTokenization.Token
    let auxiliaryToken: WalletTokenization.Token?
    var state: TokenState
    let enrolledSequence: Int64
    let createdAt: Date

    static let columns = """
        card_id, wallet_id, issuer_id, card_ref, pan_fingerprint, pan_last_four, pan_expiry_sealed, product_id,
        scheme, token_id, token_suffix, token_expiry, payment_account_reference, auxiliary_scheme, auxiliary_token_id,
        auxiliary_token_suffix, auxiliary_token_expiry, auxiliary_payment_account_reference, state, enrolled_seq,
        created_at
        """
}

// The row mapping, in an extension so that the struct keeps its memberwise initializer.
extension DigitalCardRecord {
    init(row: SQLRow) throws {
        cardId = try row.decode(column: "card_id")
        walletId = try row.decode(column: "wallet_id")
        issuerId = try row.decode(column: "issuer_id")
        cardRef = try row.decode(column: "card_ref")
        panFingerprint = try row.decode(column: "pan_fingerprint")
        panLastFour = try row.decode(column: "pan_last_four")
        panExpirySealed = try row.decode(column: "pan_expiry_sealed")
        productId = try row.decode(column: "product_id")
        token = WalletTokenization.Token(
            tokenId: try row.decode(column: "token_id"),
            scheme: CardScheme(wireValue: try row.decode(String.self, column: "scheme")) ?? .other("UNKNOWN"),
            tokenSuffix: try row.decode(column: "token_suffix"), tokenExpiry: try row.decode(column: "token_expiry"),
            paymentAccountReference: try row.decode(column: "payment_account_reference"))
        if let auxiliaryId: String = try row.decode(column: "auxiliary_token_id") {
            auxiliaryToken = WalletTokenization.Token(
                tokenId: auxiliaryId,
                scheme: CardScheme(wireValue: try row.decode(String.self, column: "auxiliary_scheme"))
                    ?? .other("UNKNOWN"),
                tokenSuffix: try row.decode(column: "auxiliary_token_suffix"),
                tokenExpiry: try row.decode(column: "auxiliary_token_expiry"),
                paymentAccountReference: try row.decode(column: "auxiliary_payment_account_reference"))
        } else {
            auxiliaryToken = nil
        }
        state = TokenState(rawValue: try row.decode(String.self, column: "state")) ?? .deleted
        enrolledSequence = try row.decode(column: "enrolled_seq")
        createdAt = try row.decode(column: "created_at")
    }

    var bindings: [SQLValue] {
        [
            .text(cardId), .text(walletId), .text(issuerId), .text(cardRef), .text(panFingerprint),
            .text(panLastFour), .blob(panExpirySealed), SQLValue(productId), .text(token.scheme.wireValue),
            .text(token.tokenId), .text(token.tokenSuffix), .text(token.tokenExpiry),
            .text(token.paymentAccountReference), SQLValue(auxiliaryToken?.scheme.wireValue),
            SQLValue(auxiliaryToken?.tokenId), SQLValue(auxiliaryToken?.tokenSuffix),
            SQLValue(auxiliaryToken?.tokenExpiry), SQLValue(auxiliaryToken?.paymentAccountReference),
            .text(state.rawValue), .integer(enrolledSequence), .timestamp(createdAt),
        ]
    }
}
