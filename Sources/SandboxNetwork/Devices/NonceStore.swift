import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningStorage

/// Apple's per-attempt nonces: 32 random bytes issued to one device, valid five
/// minutes, consumed by exactly one add request (`sandbox_nonces`).
///
/// Only the SHA-256 of a nonce is stored. Consumption is a conditional update
/// (`… WHERE used_at IS NULL`), so two processes racing on one nonce cannot
/// both win; the loser sees the winner's request and either recognises a
/// resubmission of the same request or refuses a replay.
struct NonceStore: Sendable {
    static let byteCount = 32
    static let lifetime: TimeInterval = 300

    let database: any SQLDatabase
    let clock: @Sendable () -> Date

    /// What consuming a nonce found.
    enum Consumption: Sendable, Equatable {
        /// The nonce was unused and is now consumed by this request.
        case fresh
        /// The very same request consumed it before; here is what it produced.
        case resubmission(outcome: String?, tokenId: String?)
    }

    static func hash(_ nonce: [UInt8]) throws -> String {
        Hex.encode(try SHA256.hash(data: nonce))
    }

    /// Issues a nonce to `deviceId` (which must exist).
    func issue(to deviceId: String) async throws -> SandboxNonce {
        let nonce = try SecureRandom.bytes(count: Self.byteCount)
        let now = clock()
        let expiresAt = now.addingTimeInterval(Self.lifetime)
        try await database.execute(
            "INSERT INTO sandbox_nonces (nonce_hash, device_id, expires_at, created_at) VALUES (?, ?, ?, ?)",
            [.text(try Self.hash(nonce)), .text(deviceId), .timestamp(expiresAt), .timestamp(now)])
        return SandboxNonce(nonce: Data(nonce), expiresAt: expiresAt)
    }

    /// Consumes the nonce with hash `nonceHash` for `deviceId` on behalf of the
    /// request with fingerprint `requestHash`.
    ///
    /// - Throws: ``SandboxError`` `nonceUnknown` (never issued, or issued to
    ///   another device), `nonceExpired`, or `nonceReplayed` (consumed by a
    ///   different request).
    func consume(
        nonceHash: String, deviceId: String, requestHash: String, on executor: any SQLExecutor
    ) async throws -> Consumption {
        let now = clock()
        let claimed = try await executor.execute(
            """
            UPDATE sandbox_nonces SET used_at = ?, request_hash = ?
            WHERE nonce_hash = ? AND device_id = ? AND used_at IS NULL AND expires_at > ?
            """,
            [.timestamp(now), .text(requestHash), .text(nonceHash), .text(deviceId), .timestamp(now)])
        if claimed == 1 { return .fresh }
        guard
            let row = try await executor.queryFirst(
                "SELECT device_id, used_at, request_hash, outcome, token_id FROM sandbox_nonces WHERE nonce_hash = ?",
                [.text(nonceHash)]),
            try row.decode(String.self, column: "device_id") == deviceId
        else {
            throw SandboxError(
                .nonceUnknown, "the nonce was not issued to this device",
                fields: [FieldProblem(field: "/nonce", reason: .notIssued)])
        }
        guard try row.decode(Date?.self, column: "used_at") != nil else {
            throw SandboxError(
                .nonceExpired, "the nonce has expired", fields: [FieldProblem(field: "/nonce", reason: .expired)])
        }
        let storedRequest = try row.decode(String?.self, column: "request_hash") ?? ""
        guard ConstantTime.equals(Array(storedRequest.utf8), Array(requestHash.utf8)) else {
            throw SandboxError(.nonceReplayed, "the nonce was already used by another add request")
        }
        return .resubmission(
            outcome: try row.decode(String?.self, column: "outcome"),
            tokenId: try row.decode(String?.self, column: "token_id"))
    }

    /// Records what the add request that consumed the nonce produced.
    func recordOutcome(
        nonceHash: String, outcome: String, tokenId: String?, on executor: any SQLExecutor
    ) async throws {
        try await executor.execute(
            "UPDATE sandbox_nonces SET outcome = ?, token_id = ? WHERE nonce_hash = ?",
            [.text(outcome), tokenId.map(SQLValue.text) ?? .null, .text(nonceHash)])
    }
}
