import Foundation
import ProvisioningStorage

/// The SQL of `wallets` and `wallet_cards`.
enum WalletRepository {
    static func insert(_ wallet: WalletRecord, accessTokenDigest: String, on executor: any SQLExecutor) async throws {
        try await executor.execute(
            """
            INSERT INTO wallets (wallet_id, issuer_id, user_id, device_name, public_key, access_token_hash,
                                 default_card_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(wallet.walletId), .text(wallet.issuerId), .text(wallet.userId), .text(wallet.deviceName),
                .blob(wallet.publicKey), .text(accessTokenDigest), SQLValue(wallet.defaultCardId),
                .timestamp(wallet.createdAt),
            ])
    }

    static func wallet(accessTokenDigest: String, on executor: any SQLExecutor) async throws -> WalletRecord? {
        try await executor.query(
            "SELECT \(WalletRecord.columns) FROM wallets WHERE access_token_hash = ?", [.text(accessTokenDigest)]
        ).first.map(WalletRecord.init(row:))
    }

    static func wallet(id: String, on executor: any SQLExecutor) async throws -> WalletRecord? {
        try await executor.query("SELECT \(WalletRecord.columns) FROM wallets WHERE wallet_id = ?", [.text(id)])
            .first.map(WalletRecord.init(row:))
    }

    static func setDefaultCard(_ cardId: String?, walletId: String, on executor: any SQLExecutor) async throws {
        try await executor.execute(
            "UPDATE wallets SET default_card_id = ? WHERE wallet_id = ?", [SQLValue(cardId), .text(walletId)])
    }

    static func insert(_ card: DigitalCardRecord, on executor: any SQLExecutor) async throws {
        let placeholders = Array(repeating: "?", count: card.bindings.count + 1).joined(separator: ", ")
        try await executor.execute(
            "INSERT INTO wallet_cards (\(DigitalCardRecord.columns), updated_at) VALUES (\(placeholders))",
            card.bindings + [.timestamp(card.createdAt)])
    }

    static func nextSequence(walletId: String, on executor: any SQLExecutor) async throws -> Int64 {
        let row = try await executor.query(
            "SELECT COALESCE(MAX(enrolled_seq), 0) AS last FROM wallet_cards WHERE wallet_id = ?", [.text(walletId)]
        ).first
        return (try row?.decode(Int64.self, column: "last") ?? 0) + 1
    }

    static func card(id: String, on executor: any SQLExecutor) async throws -> DigitalCardRecord? {
        try await executor.query("SELECT \(DigitalCardRecord.columns) FROM wallet_cards WHERE card_id = ?", [.text(id)])
            .first.map(DigitalCardRecord.init(row:))
    }

    /// The wallet's cards in enrolment order, deleted ones excluded.
    static func cards(walletId: String, on executor: any SQLExecutor) async throws -> [DigitalCardRecord] {
        try await executor.query(
            """
            SELECT \(DigitalCardRecord.columns) FROM wallet_cards
            WHERE wallet_id = ? AND state <> 'deleted' ORDER BY enrolled_seq, card_id
            """, [.text(walletId)]
        ).map(DigitalCardRecord.init(row:))
    }

    static func updateState(
        cardId: String, state: TokenState, at date: Date, on executor: any SQLExecutor
    ) async throws {
        try await executor.execute(
            "UPDATE wallet_cards SET state = ?, updated_at = ? WHERE card_id = ?",
            [.text(state.rawValue), .timestamp(date), .text(cardId)])
    }
}
