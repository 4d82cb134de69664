import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningStorage

/// Card art in the `card_art` table: one PNG per issuer, product and type,
/// with its entity tag.
enum CardArtStore {
    /// A stored image.
    struct Art: Sendable, Hashable {
        let png: [UInt8]
        /// The quoted entity tag: `"<hex SHA-256 of the PNG>"`.
        let etag: String
    }

    static func etag(of png: [UInt8]) throws -> String {
        "\"" + Hex.encode(try SHA256.hash(data: png)) + "\""
    }

    /// Stores (or replaces) an image already validated by ``CardArtSpecification``.
    static func put(
        _ png: [UInt8], issuerId: String, productId: String, type: CardArtType, at date: Date,
        replacing: Bool = true, on executor: any SQLExecutor
    ) async throws -> String {
        let etag = try etag(of: png)
        let conflict =
            replacing
            ? "DO UPDATE SET png = excluded.png, etag = excluded.etag, updated_at = excluded.updated_at"
            : "DO NOTHING"
        try await executor.execute(
            """
            INSERT INTO card_art (issuer_id, product_id, art_type, png, etag, updated_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (issuer_id, product_id, art_type) \(conflict)
            """,
            [.text(issuerId), .text(productId), .text(type.rawValue), .blob(png), .text(etag), .timestamp(date)])
        return etag
    }

    /// The art types stored for one product of one issuer.
    static func storedTypes(
        issuerId: String, productId: String, on executor: any SQLExecutor
    ) async throws -> Set<CardArtType> {
        let rows = try await executor.query(
            "SELECT art_type FROM card_art WHERE issuer_id = ? AND product_id = ?",
            [.text(issuerId), .text(productId)])
        return Set(try rows.compactMap { CardArtType(rawValue: try $0.decode(String.self, column: "art_type")) })
    }

    /// The art of `type` for a card of `productId`: the product's own image,
    /// else the issuer's ``CardArtSpecification/defaultProductId`` image.
    static func art(
        issuerId: String, productId: String?, type: CardArtType, on executor: any SQLExecutor
    ) async throws -> Art? {
        let candidates = [productId, CardArtSpecification.defaultProductId].compactMap { $0 }
        for product in candidates {
            if let row = try await executor.query(
                "SELECT png, etag FROM card_art WHERE issuer_id = ? AND product_id = ? AND art_type = ?",
                [.text(issuerId), .text(product), .text(type.rawValue)]
            ).first {
                return Art(png: try row.decode(column: "png"), etag: try row.decode(column: "etag"))
            }
        }
        return nil
    }
}
