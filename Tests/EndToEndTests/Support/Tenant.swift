import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import TestSupport

/// One issuer's footprint on a deployment, made for the isolation matrix: an
/// Apple Pay token (provisioned and added on a device) and an issuer-wallet
/// user with an enrolled card — the resources another tenant must not reach.
struct Tenant: Sendable {
    let backend: IssuerBackend
    let provisioned: Provisioned
    let pass: SandboxPass
    let wallet: WalletUser
    let walletCard: DigitalCardResource

    var issuerId: String { backend.issuerId }
    var tokenId: String { pass.deviceAccountIdentifier }
    var cardRef: String { provisioned.cardRef }

    /// Values that belong to this tenant alone: none may show up in an answer
    /// given to another tenant (unless the request itself carried it).
    var needles: [(label: String, value: String)] {
        [
            ("token id", tokenId), ("card reference", cardRef),
            ("provisioning id", provisioned.response.provisioningId), ("wallet id", wallet.walletId),
            ("wallet user id", wallet.userId), ("wallet card id", walletCard.id),
            ("payment account reference", walletCard.paymentAccountReference),
            ("wallet access token", wallet.accessToken), ("back-office key", backend.backOfficeKey),
        ]
    }

    /// Provisions a token for `backend` and enrols a wallet card with it.
    static func make(_ backend: IssuerBackend, on deployment: Deployment) async throws -> Tenant {
        let (provisioned, pass) = try await deployment.provisionedPass(as: backend)
        let wallet = try await WalletUser.register(deployment, issuer: backend)
        let card = try await wallet.enrol(try await deployment.testCard(scheme: "VISA", outcome: .approve))
        return Tenant(backend: backend, provisioned: provisioned, pass: pass, wallet: wallet, walletCard: card)
    }
}

extension Deployment {
    /// A valid provisioning request of `backend` (any issuer of the deployment).
    func inputs(as backend: IssuerBackend, outcome: SandboxCardOutcome = .approve) async throws -> ProvisioningInputs {
        try await inputs(
            outcome: outcome, cardRef: "e2e-\(backend.issuerId)-\(UUID().uuidString.prefix(12))", backend: backend,
            cardholderName: "Grace Hopper")
    }

    /// Provisions for `backend` and adds the pass on the device, requiring
    /// success at each step.
    func provisionedPass(as backend: IssuerBackend) async throws -> (Provisioned, SandboxPass) {
        let inputs = try await inputs(as: backend)
        let response = try await client.post(
            path(try APIPaths.provisioning(issuerId: backend.issuerId)), json: inputs.request)
        guard response.status == 200 else {
            throw FlowFailure(description: "provisioning for \(backend.issuerId) answered \(response.status)")
        }
        let provisioned = Provisioned(
            device: inputs.device, card: inputs.card, cardholderName: inputs.cardholderName, cardRef: inputs.cardRef,
            nonce: inputs.nonce, nonceSignature: inputs.nonceSignature,
            response: try response.decode(ApplePayProvisioningResponse.self))
        let added = try await addPass(provisioned)
        guard added.status == 201 else {
            throw FlowFailure(description: "add pass for \(backend.issuerId) answered \(added.status): \(added.text)")
        }
        return (provisioned, try added.decode(SandboxPass.self))
    }

    /// The row count of every table and the in-place state of the tables
    /// whose rows change without a new row (token state, a wallet's default
    /// card, wallet card state, card art): two round trips, so the matrix can
    /// take one before and after each of its hundreds of cells.
    func isolationSnapshot() async throws -> IsolationSnapshot {
        let database = try await database()
        if isolationTables.isEmpty { isolationTables = try await rowCounts().keys.sorted() }
        let counting = isolationTables.map { "SELECT '\($0)' AS name, COUNT(*) AS n FROM \($0)" }
            .joined(separator: " UNION ALL ")
        var counts: [String: Int] = [:]
        for row in try await database.query(counting) {
            counts[try row.decode(String.self, column: "name")] = try row.decode(Int.self, column: "n")
        }
        let mutable = """
            SELECT 'token' AS kind, issuer_id || '/' || token_id AS id, state AS value FROM tokens
            UNION ALL SELECT 'wallet', wallet_id, COALESCE(default_card_id, '-') FROM wallets
            UNION ALL SELECT 'card', card_id, state FROM wallet_cards
            UNION ALL SELECT 'art', issuer_id || '/' || product_id || '/' || art_type, etag FROM card_art
            """
        var rows: Set<String> = []
        for row in try await database.query(mutable) {
            rows.insert(
                try row.decode(String.self, column: "kind") + " " + row.decode(String.self, column: "id") + " "
                    + row.decode(String.self, column: "value"))
        }
        return IsolationSnapshot(counts: counts, rows: rows)
    }
}

/// Row counts and in-place state, compared before and after a request.
struct IsolationSnapshot: Equatable, Sendable {
    let counts: [String: Int]
    let rows: Set<String>

    /// What changed from `before` (table names, and "in-place" for an update).
    func changes(since before: IsolationSnapshot) -> [String] {
        var changed = counts.filter { before.counts[$0.key] != $0.value }.map(\.key).sorted()
        if rows != before.rows { changed.append("in-place state") }
        return changed
    }
}
