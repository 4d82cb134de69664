import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import Testing

extension EndToEndTests {
    /// Tenant isolation, cell by cell: every credential kind of one issuer (a
    /// code of each scope, the back-office API key, a wallet access token, the
    /// notification secret) against every resource kind of the other issuer,
    /// both ways; each tenant's own credentials against the other's objects
    /// through its own paths; and one wallet's token against another wallet
    /// of the same issuer. Every cell must be refused with the documented 404
    /// or 401, change no row, and show nothing of the victim.
    ///
    /// Sorts before `SecretScanTests.swift`: the codes minted here are in the
    /// ledger the final scan looks for.
    @Suite(.timeLimit(.minutes(10))) struct IsolationMatrix {
        @Test(arguments: Store.allCases)
        func noCredentialReachesAnotherTenantsData(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let bank = try await Tenant.make(deployment.issuer, on: deployment)
            let other = try await Tenant.make(deployment.otherIssuer, on: deployment)
            let neighbour = try await Tenant.make(deployment.issuer, on: deployment)

            let cells =
                Self.crossIssuerCells(bank, other) + Self.crossIssuerCells(other, bank)
                + Self.ownPathCells(bank, other) + Self.ownPathCells(other, bank)
                + Self.sameIssuerWalletCells(neighbour, bank) + Self.sameIssuerWalletCells(bank, neighbour)
            let perDirection = IsolationCredential.allKinds.count * IsolationResource.all.count
            let ownPath = 4 + 1 + IsolationResource.walletCardIdResources.count + 1
            let sameIssuer = IsolationResource.walletResources.count + IsolationResource.walletCardIdResources.count
            #expect(IsolationCredential.allKinds.count == 11)
            #expect(IsolationResource.all.count == 18)
            #expect(cells.count == 2 * perDirection + 2 * ownPath + 2 * sameIssuer)
            #expect(Set(cells.map(\.name)).count == cells.count, "cell names are unique")

            var failures: [String] = []
            var leaks: [String] = []
            var before = try await deployment.isolationSnapshot()
            for cell in cells {
                let request = try await cell.make(deployment)
                // Setup (a device and a nonce for a provisioning request) writes;
                // the cell itself must not.
                if cell.setupWrites { before = try await deployment.isolationSnapshot() }
                let response = try await deployment.client.send(
                    request.method, request.path, body: request.body, contentType: request.contentType,
                    headers: request.headers)
                let after = try await deployment.isolationSnapshot()
                if response.status != cell.status || response.problemType != cell.type.rawValue {
                    failures.append("\(cell.name): \(response.status) \(response.problemType ?? response.text)")
                }
                if response.header("Content-Type")?.hasPrefix("application/problem+json") != true {
                    failures.append("\(cell.name): not a problem document")
                }
                let changed = after.changes(since: before)
                if !changed.isEmpty { failures.append("\(cell.name): changed \(changed)") }
                before = after
                for label in Self.victimData(in: response, sentIn: request, of: cell.victim) {
                    leaks.append("\(cell.name): \(label)")
                }
            }
            print(
                "ISOLATION store=\(store.rawValue) cells=\(cells.count) refused=\(cells.count - failures.count) leaks=\(leaks.count)"
            )
            #expect(failures == [])
            #expect(leaks == [])

            // The cells could have failed: each tenant's own credentials reach
            // what the matrix kept the other from, and nothing moved.
            for tenant in [bank, other, neighbour] {
                let tokens = try await deployment.cardTokens(tenant.cardRef, issuer: tenant.backend)
                #expect(tokens.status == 200)
                #expect(try tokens.decode(CardTokensResponse.self).tokens.map(\.state) == [.active])
                let search = try await deployment.client.get(
                    deployment.path(
                        try APIPaths.backOfficeTokens(
                            issuerId: tenant.issuerId, query: TokenSearchQuery(cardRef: tenant.cardRef))),
                    headers: [APIHeaders.authorization: "Bearer \(tenant.backend.backOfficeKey)"])
                #expect(try search.decode(TokenSearchResponse.self).tokens.map(\.tokenId) == [tenant.tokenId])
                let card = try await tenant.wallet.card(tenant.walletCard.id)
                #expect(card.state == .active)
                #expect(card.isDefault)
                #expect(try await tenant.wallet.list().map(\.id) == [tenant.walletCard.id])
            }
        }

        /// Card references, token searches and audit queries are per issuer:
        /// naming another issuer's card or token through one's own issuer
        /// finds nothing (an empty answer, not the other's data).
        @Test(arguments: Store.allCases)
        func anotherIssuersReferencesFindNothingThroughOnesOwnIssuer(store: Store) async throws {
            let deployment = try await Deployment.shared(store)
            let bank = try await Tenant.make(deployment.issuer, on: deployment)
            let other = try await Tenant.make(deployment.otherIssuer, on: deployment)
            for (attacker, victim) in [(bank, other), (other, bank)] {
                let tokens = try await deployment.cardTokens(victim.cardRef, issuer: attacker.backend)
                #expect(tokens.status == 200)
                #expect(try tokens.decode(CardTokensResponse.self).tokens.isEmpty)
                let key = [APIHeaders.authorization: "Bearer \(attacker.backend.backOfficeKey)"]
                let search = try await deployment.client.get(
                    deployment.path(
                        try APIPaths.backOfficeTokens(
                            issuerId: attacker.issuerId, query: TokenSearchQuery(cardRef: victim.cardRef))),
                    headers: key)
                #expect(try search.decode(TokenSearchResponse.self).tokens.isEmpty)
                let audit = try await deployment.client.get(
                    deployment.path(
                        try APIPaths.backOfficeAudit(
                            issuerId: attacker.issuerId, query: AuditQuery(tokenId: victim.tokenId))),
                    headers: key)
                #expect(try audit.decode(AuditEventsResponse.self).events.isEmpty)
                let all = try await deployment.client.get(
                    deployment.path(
                        try APIPaths.backOfficeTokens(
                            issuerId: attacker.issuerId, query: TokenSearchQuery(limit: TokenSearchQuery.maximumLimit))),
                    headers: key)
                #expect(all.status == 200)
                #expect(!all.text.contains(victim.tokenId), "the whole token list holds none of the other's")
                let ownAudit = try await deployment.client.get(
                    deployment.path(
                        try APIPaths.backOfficeAudit(
                            issuerId: attacker.issuerId, query: AuditQuery(limit: TokenSearchQuery.maximumLimit))),
                    headers: key)
                #expect(ownAudit.status == 200)
                #expect(!ownAudit.text.contains(victim.tokenId))
                #expect(!ownAudit.text.contains(victim.cardRef))
            }
        }

        // MARK: Cells

        /// Every credential kind of `attacker` against every resource of `victim`.
        static func crossIssuerCells(_ attacker: Tenant, _ victim: Tenant) -> [IsolationCell] {
            IsolationResource.all.flatMap { resource in
                IsolationCredential.allKinds.map { kind in
                    let refusal = resource.refusal(for: kind)
                    return IsolationCell(
                        name: "\(attacker.issuerId) \(Self.name(of: kind)) → \(victim.issuerId) \(resource.name)",
                        status: refusal.status, type: refusal.type, victim: victim,
                        setupWrites: resource.setupWrites
                    ) { deployment in
                        try await resource.make(deployment, victim) { binding in
                            try IsolationCredential.make(kind, of: attacker, binding: binding)
                        }
                    }
                }
            }
        }

        /// `attacker`'s genuine credentials on its own paths, naming
        /// `victim`'s token, card and provisioning: 404, as if none existed.
        static func ownPathCells(_ attacker: Tenant, _ victim: Tenant) -> [IsolationCell] {
            let prefix = "\(attacker.issuerId) own path → \(victim.issuerId)"
            var cells: [IsolationCell] = TokenLifecycleAction.allCases.map { action in
                IsolationCell(
                    name: "\(prefix) token \(action.rawValue.lowercased())", status: 404, type: .notFound,
                    victim: victim
                ) { deployment in
                    let code = try attacker.backend.code(
                        scope: "token:\(action.rawValue.lowercased())", cardRef: victim.cardRef,
                        tokenId: victim.tokenId)
                    return RawRequest(
                        path: deployment.path(
                            try APIPaths.tokenState(issuerId: attacker.issuerId, tokenId: victim.tokenId)),
                        body: try IsolationResource.json(
                            TokenStateChangeRequest(
                                action: action, tokenRequestorId: Deployment.applePayTokenRequestorId,
                                scheme: victim.provisioned.card.scheme, authorizationCode: code)))
                }
            }
            cells.append(
                IsolationCell(
                    name: "\(prefix) back-office state change", status: 404, type: .notFound, victim: victim
                ) { deployment in
                    RawRequest(
                        path: deployment.path(
                            try APIPaths.backOfficeTokenState(issuerId: attacker.issuerId, tokenId: victim.tokenId)),
                        body: try IsolationResource.json(BackOfficeTokenStateChangeRequest(action: .delete)),
                        headers: [APIHeaders.authorization: "Bearer \(attacker.backend.backOfficeKey)"])
                })
            cells += ownWalletCells(prefix: prefix, attacker, victim)
            cells.append(
                IsolationCell(
                    name: "\(prefix) notification about its token", status: 404, type: .notFound, victim: victim
                ) { deployment in
                    let body = try IsolationResource.json(
                        TokenEventNotification(
                            eventId: "isolation-\(UUID().uuidString)", issuerId: attacker.issuerId,
                            tokenId: victim.tokenId, event: .deleted, state: .deleted,
                            provisioningId: victim.provisioned.response.provisioningId, occurredAt: Date()))
                    return RawRequest(
                        path: deployment.path(
                            try APIPaths.networkNotification(network: victim.provisioned.card.scheme)),
                        body: body,
                        headers: [
                            APIHeaders.notificationSignature: try attacker.backend.notificationSignature(
                                for: body, timestamp: Int64(Date().timeIntervalSince1970))
                        ])
                })
            return cells
        }

        /// `attacker`'s wallet (same issuer) against `victim`'s wallet, and
        /// through its own wallet at `victim`'s card.
        static func sameIssuerWalletCells(_ attacker: Tenant, _ victim: Tenant) -> [IsolationCell] {
            let prefix = "wallet \(attacker.wallet.walletId) → wallet \(victim.wallet.walletId)"
            let foreign = IsolationResource.walletResources.map { resource in
                IsolationCell(name: "\(prefix) \(resource.name)", status: 404, type: .notFound, victim: victim) {
                    deployment in
                    try await resource.make(deployment, victim) { binding in
                        try IsolationCredential.make(.walletAccessToken, of: attacker, binding: binding)
                    }
                }
            }
            return foreign + ownWalletCells(prefix: "\(prefix) own path", attacker, victim)
        }

        /// `attacker`'s wallet token on its own wallet's paths, naming `victim`'s card.
        static func ownWalletCells(prefix: String, _ attacker: Tenant, _ victim: Tenant) -> [IsolationCell] {
            IsolationResource.walletCardIdResources.map { resource in
                IsolationCell(name: "\(prefix) \(resource.name)", status: 404, type: .notFound, victim: victim) {
                    deployment in
                    var request = try resource.make(
                        deployment, attacker.issuerId, attacker.wallet.walletId, victim.walletCard.id)
                    request.headers[APIHeaders.authorization] = "Bearer \(attacker.wallet.accessToken)"
                    return request
                }
            }
        }

        static func name(of kind: IsolationCredential.Kind) -> String {
            switch kind {
            case .code(let scope): "code \(scope)"
            case .backOfficeKey: "back-office key"
            case .walletAccessToken: "wallet token"
            case .notificationSecret: "notification secret"
            }
        }

        /// The victim's values in the answer that the request did not carry
        /// (the problem's `instance` echoes the request path and is left out).
        static func victimData(in response: WireResponse, sentIn request: RawRequest, of victim: Tenant) -> [String] {
            var body = response.body
            if var object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] {
                object.removeValue(forKey: "instance")
                body = (try? JSONSerialization.data(withJSONObject: object)) ?? response.body
            }
            let text = String(decoding: body, as: UTF8.self)
            let sent =
                request.path + String(decoding: request.body ?? Data(), as: UTF8.self)
                + request.headers.values.joined()
            return victim.needles.filter { text.contains($0.value) && !sent.contains($0.value) }.map(\.label)
        }
    }
}
