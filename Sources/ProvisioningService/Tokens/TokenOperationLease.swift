import Foundation
import ProvisioningStorage

/// One lifecycle change at a time per token, across every `tpc serve` sharing
/// the database: a row in `token_operations`, held from before the network is
/// asked until the registry has the network's answer.
///
/// Without it, two changes on one token race: the network applies them in one
/// order and the registry records their answers in the other, so a late stale
/// write leaves the two disagreeing for good. A holder that dies (SIGKILL) keeps
/// the row until it lapses after ``lifetime``; the next change then takes it over
/// and repairs what the dead holder left half done (see ``TokenLifecycle``).
struct TokenOperationLease: Sendable {
    /// How long a lease protects its holder: far beyond one network round trip
    /// (the connector retries once), short enough that a crashed holder blocks
    /// its token for seconds only.
    static let lifetime: TimeInterval = 30
    /// How long a request waits for the lease before giving up with 409.
    static let patience: Duration = .seconds(15)

    let issuerId: String
    let tokenId: String
    /// The request holding the lease.
    let holder: String

    /// Takes the lease for one token, waiting (bounded, with growing pauses)
    /// while another request holds it.
    ///
    /// - Returns: the lease, and whether it was taken over from a holder whose
    ///   lease lapsed (a change that may have reached the network without the
    ///   registry hearing of it).
    /// - Throws: ``ServiceError`` `conflict` (409) when it stays taken for
    ///   ``patience``; ``StorageError`` from the database.
    static func acquire(
        issuerId: String, tokenId: String, holder: String, database: any SQLDatabase,
        clock: @escaping @Sendable () -> Date
    ) async throws -> (lease: TokenOperationLease, tookOverLapsed: Bool) {
        let waited = ContinuousClock()
        let gives = waited.now + patience
        var pause = Duration.milliseconds(2)
        while true {
            let now = clock()
            let outcome = try await database.transaction { tx -> (taken: Bool, lapsed: Bool) in
                let lapsed = try await tx.execute(
                    "DELETE FROM token_operations WHERE issuer_id = ? AND token_id = ? AND expires_at < ?",
                    [.text(issuerId), .text(tokenId), .timestamp(now)])
                let inserted = try await tx.execute(
                    """
                    INSERT INTO token_operations (issuer_id, token_id, holder, expires_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (issuer_id, token_id) DO NOTHING
                    """,
                    [.text(issuerId), .text(tokenId), .text(holder), .timestamp(now.addingTimeInterval(lifetime))])
                return (inserted == 1, lapsed > 0)
            }
            if outcome.taken {
                return (TokenOperationLease(issuerId: issuerId, tokenId: tokenId, holder: holder), outcome.lapsed)
            }
            guard waited.now < gives else {
                throw ServiceError(.conflict, "another change of this token is in progress; retry")
            }
            // Jittered, so racing requests do not retry in lockstep.
            try await Task.sleep(for: pause + .microseconds(Int.random(in: 0...1_000)))
            pause = min(pause * 2, .milliseconds(50))
        }
    }

    /// The statement that gives the lease back, to run in the transaction
    /// that records the change (or its refusal).
    var release: SQLStatement {
        SQLStatement(
            "DELETE FROM token_operations WHERE issuer_id = ? AND token_id = ? AND holder = ?",
            [.text(issuerId), .text(tokenId), .text(holder)])
    }
}
