import Foundation
import ProvisioningAPI
import ProvisioningStorage

/// Token state changes asked for by the issuer (app with an authorization
/// code, or back office with an API key), carried out through the network's
/// token service, and the per-card token list.
struct TokenLifecycle: Sendable {
    let context: ServiceContext

    /// Who asked for a change, for the audit trail.
    enum Actor: Sendable {
        case issuerApp(VerifiedAuthorizationCode)
        case backOffice

        var name: String { requester.rawValue }

        var requester: TokenChangeRequester {
            switch self {
            case .issuerApp: .issuerApp
            case .backOffice: .backOffice
            }
        }
    }

    /// `POST …/tokens/{tokenId}/state` with an authorization code.
    func changeState(
        issuerId: String, tokenId: String, request: TokenStateChangeRequest, requestId: String
    ) async throws -> TokenStateChangeResponse {
        let issuer = try context.issuer(issuerId)
        let action = request.action
        let code = try context.codeVerifier.verify(
            request.authorizationCode, issuer: issuer, scope: AuthorizationScope(action), now: context.clock())
        try code.requireToken(tokenId)
        // The seeds send "" for every scheme but Visa (seed 001: "solo en caso de
        // VISA, de lo contrario cadena vacía"): empty means "not specified", so the
        // token's own requestor applies; any other value must match it.
        let requestor = request.tokenRequestorId.isEmpty ? nil : request.tokenRequestorId
        return try await apply(
            action, issuer: issuer, tokenId: tokenId, tokenRequestorId: requestor, actor: .issuerApp(code),
            requestId: requestId)
    }

    /// Checks and applies `action`: registry state machine, the token's lease,
    /// single use of the code, the network call (retried once when unavailable,
    /// with the same idempotency key, where the connector's changes are
    /// idempotent), then registry, audit and the lease's release in one
    /// transaction.
    ///
    /// Under the lease (``TokenOperationLease``) one change of a token runs at a
    /// time, so the network and the registry see the same order. The code is
    /// spent before the network is asked; when the network refuses, or cannot be
    /// reached, it is given back in the transaction that releases the lease,
    /// so a refused request leaves its code unspent. A refusal for a move the
    /// registry allowed means the two disagree: the registry then takes the
    /// network's view (`token.reconcile`, counted in
    /// `tpc_token_reconciliations_total`), as it does when the lease is taken
    /// over from a holder that died between the network's answer and the commit.
    func apply(
        _ action: TokenLifecycleAction, issuer: Issuer, tokenId: String, tokenRequestorId: String?, actor: Actor,
        requestId: String, reason: String? = nil
    ) async throws -> TokenStateChangeResponse {
        // Cheap refusals first, without the lease.
        let token = try await requireToken(issuer: issuer, tokenId: tokenId, tokenRequestorId: tokenRequestorId)
        try Self.requireTransition(from: token.state, action)
        let (lease, tookOver) = try await TokenOperationLease.acquire(
            issuerId: issuer.id, tokenId: tokenId, holder: requestId, database: context.database, clock: context.clock)
        var spentCode: VerifiedAuthorizationCode?
        do {
            var current = try await requireToken(issuer: issuer, tokenId: tokenId, tokenRequestorId: tokenRequestorId)
            if tookOver, let repaired = try await reconcile(current, issuer: issuer, requestId: requestId) {
                current.state = repaired
            }
            try Self.requireTransition(from: current.state, action)
            let idempotencyKey: String
            switch actor {
            case .issuerApp(let code):
                idempotencyKey = "code:\(code.jwtID)"
                try await context.database.transaction { tx in
                    try await ReplayGuard.consumeAuthorizationCode(code, issuerId: issuer.id, on: tx)
                }
                spentCode = code
            case .backOffice:
                idempotencyKey = "request:\(requestId)"
            }
            let command = TokenStateChangeCommand(
                issuerId: issuer.id, tokenId: tokenId, action: action, tokenRequestorId: current.tokenRequestorId,
                idempotencyKey: idempotencyKey, scheme: current.scheme, requestedBy: actor.requester, reason: reason)
            let networkToken: NetworkToken
            do {
                networkToken = try await callNetwork(command, requestId: requestId)
            } catch let error as ServiceError where error.code == .illegalTransition {
                // The registry allowed the move and the network refused it.
                _ = try? await reconcile(current, issuer: issuer, requestId: requestId)
                throw error
            }
            let now = context.clock()
            let audit = AuditEvent(
                id: AuditLog.newEventId(), at: now, requestId: requestId, actor: actor.name,
                action: AuditAction(action), outcome: .success, cardRef: current.cardRef,
                panLastFour: current.panLastFour, tokenId: tokenId, detail: reason)
            let newState = networkToken.state
            try await context.database.transaction { tx in
                try await TokenRepository.updateState(
                    issuerId: issuer.id, tokenId: tokenId, state: newState, at: now, on: tx)
                try await AuditLog.record(audit, issuerId: issuer.id, on: tx)
                try await tx.execute(lease.release.sql, lease.release.bindings)
            }
            if current.state != newState {
                context.metrics.observeTransition(from: current.state, to: newState, source: actor.name)
            }
            context.log.info(
                "token.state-changed",
                [
                    "requestId": requestId, "issuer": issuer.id, "action": action.name,
                    "state": newState.rawValue,
                ])
            return TokenStateChangeResponse(tokenId: tokenId, state: newState.wireStatus)
        } catch {
            // Refused, unreachable network, or a failure of our own: the lease
            // goes back, and the code with it (nothing it authorized happened).
            try? await context.database.transaction { [spentCode] tx in
                if let spentCode {
                    try await tx.execute(
                        "DELETE FROM used_authorization_codes WHERE issuer_id = ? AND jti = ?",
                        [.text(issuer.id), .text(spentCode.jwtID)])
                }
                try await tx.execute(lease.release.sql, lease.release.bindings)
            }
            throw error
        }
    }

    private func requireToken(
        issuer: Issuer, tokenId: String, tokenRequestorId: String?
    ) async throws -> TokenRecord {
        guard let token = try await TokenRepository.find(issuerId: issuer.id, tokenId: tokenId, on: context.database)
        else { throw ServiceError(.notFound, "no such token") }
        if let tokenRequestorId, tokenRequestorId != token.tokenRequestorId {
            throw ServiceError(
                .invalidField, "the token requestor does not match the token",
                fieldProblems: [FieldProblem(field: "/tokenRequestorId", reason: .unknownValue)])
        }
        return token
    }

    /// The registry's check before the network is asked
    /// (``TokenStateMachine/mayAskNetwork(_:from:)``): a suspend of a
    /// suspended token goes to the network, which refuses it (409
    /// `illegal-transition`) when the issuer's suspension is already there;
    /// the registry stays `suspended` either way.
    private static func requireTransition(from state: TokenState, _ action: TokenLifecycleAction) throws(ServiceError) {
        guard TokenStateMachine.mayAskNetwork(action, from: state) else {
            throw ServiceError(.illegalTransition, "\(action) is not allowed from \(state)")
        }
    }

    /// Gives the registry the network's view of `token` when the two differ;
    /// the state the registry has now, or `nil` when nothing changed (or the
    /// network could not say).
    private func reconcile(_ token: TokenRecord, issuer: Issuer, requestId: String) async throws -> TokenState? {
        guard
            let network = try? await context.connector.token(
                issuerId: issuer.id, tokenId: token.tokenId, scheme: token.scheme),
            network.state != token.state
        else { return nil }
        let now = context.clock()
        let audit = AuditEvent(
            id: AuditLog.newEventId(), at: now, requestId: requestId, actor: "network", action: .tokenReconcile,
            outcome: .success, cardRef: token.cardRef, panLastFour: token.panLastFour, tokenId: token.tokenId)
        try await context.database.transaction { tx in
            try await TokenRepository.updateState(
                issuerId: issuer.id, tokenId: token.tokenId, state: network.state, at: now, on: tx)
            try await AuditLog.record(audit, issuerId: issuer.id, on: tx)
        }
        context.metrics.observeReconciliation(from: token.state, to: network.state)
        context.log.warning(
            "token.reconciled",
            [
                "requestId": requestId, "issuer": issuer.id, "from": token.state.rawValue,
                "to": network.state.rawValue,
            ])
        return network.state
    }

    private func callNetwork(_ command: TokenStateChangeCommand, requestId: String) async throws -> NetworkToken {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try await context.connector.changeTokenState(command)
            } catch let error as ServiceError {
                context.log.warning(
                    "token.network-error",
                    ["requestId": requestId, "code": error.code.rawValue, "attempt": String(attempt)])
                switch error.code {
                // Once more with the same key, only where the network applies
                // a key once: MDES would take a repeated suspend as a second one.
                case .networkUnavailable where attempt < 2 && context.connector.changesAreIdempotent(command):
                    continue
                case .networkUnavailable:
                    throw ServiceError(.upstreamNetworkError, "the card network is unavailable; retry later")
                case .networkUnknownToken:
                    throw ServiceError(.notFound, "the card network does not know the token")
                case .networkRejected:
                    throw ServiceError(.illegalTransition, "the card network refused the change")
                default:
                    throw ServiceError(.upstreamNetworkError, "the card network failed")
                }
            }
        }
    }

    /// `GET …/cards/{cardRef}/tokens`, authorized by a code with scope
    /// `tokens:read` bound to the card reference (sent as a bearer token).
    func cardTokens(issuerId: String, cardRef: String, authorization: String?) async throws -> CardTokensResponse {
        let issuer = try context.issuer(issuerId)
        guard let authorization, let code = APIHeaders.bearerToken(fromAuthorization: authorization) else {
            throw ServiceError(.unauthorized, "an authorization code is required")
        }
        let verified = try context.codeVerifier.verify(code, issuer: issuer, scope: .tokensRead, now: context.clock())
        guard verified.cardRef == cardRef else {
            throw ServiceError(.authorizationCodeScope, "the authorization code is bound to another card")
        }
        let tokens = try await context.database.transaction { tx in
            try await ReplayGuard.consumeAuthorizationCode(verified, issuerId: issuer.id, on: tx)
            return try await TokenRepository.tokens(issuerId: issuer.id, cardRef: cardRef, on: tx)
        }
        return CardTokensResponse(tokens: tokens.map(\.info))
    }
}
