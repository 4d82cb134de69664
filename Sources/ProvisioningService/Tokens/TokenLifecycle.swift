import Foundation
import ProvisioningAPI
import Storage

/// Token state changes asked for by the issuer (app with an authorization
/// code, or back office with an API key), carried out through the network's
/// token service, and the per-card token list.
struct TokenLifecycle: Sendable {
    let context: ServiceContext

    /// Who asked for a change, for the audit trail.
    enum Actor: Sendable {
        case issuerApp(VerifiedAuthorizationCode)
        case backOffice

        var name: String {
            switch self {
            case .issuerApp: "issuer-app"
            case .backOffice: "back-office"
            }
        }
    }

    /// `POST …/tokens/{tokenId}/state` with an authorization code.
    func changeState(
        issuerId: String, tokenId: String, request: TokenStateChangeRequest, requestId: String
    ) async throws -> TokenStateChangeResponse {
        let issuer = try context.issuer(issuerId)
        let action = TokenAction(request.action)
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

    /// Checks and applies `action`: registry state machine, single use of the
    /// code, the network call (retried once when unavailable, with the same
    /// idempotency key), then registry and audit in one transaction.
    func apply(
        _ action: TokenAction, issuer: Issuer, tokenId: String, tokenRequestorId: String?, actor: Actor,
        requestId: String
    ) async throws -> TokenStateChangeResponse {
        guard let token = try await TokenRepository.find(issuerId: issuer.id, tokenId: tokenId, on: context.database)
        else { throw ServiceError(.notFound, "no such token") }
        if let tokenRequestorId, tokenRequestorId != token.tokenRequestorId {
            throw ServiceError(
                .invalidField, "the token requestor does not match the token",
                fieldProblems: [FieldProblem(field: "/tokenRequestorId", reason: .unknownValue)])
        }
        do {
            _ = try TokenStateMachine.transition(from: token.state, action: action)
        } catch {
            throw ServiceError(.illegalTransition, "\(action) is not allowed from \(token.state)")
        }
        let idempotencyKey: String
        switch actor {
        case .issuerApp(let code):
            idempotencyKey = "code:\(code.jwtID)"
            try await context.database.transaction { tx in
                try await ReplayGuard.consumeAuthorizationCode(code, issuerId: issuer.id, on: tx)
            }
        case .backOffice:
            idempotencyKey = "request:\(requestId)"
        }
        let command = TokenStateChangeCommand(
            issuerId: issuer.id, tokenId: tokenId, action: action, tokenRequestorId: token.tokenRequestorId,
            idempotencyKey: idempotencyKey)
        let networkToken = try await callNetwork(command, requestId: requestId)
        let now = context.clock()
        let audit = AuditEvent(
            id: AuditLog.newEventId(), at: now, requestId: requestId, actor: actor.name,
            action: AuditAction(action.wireAction), outcome: .success, cardRef: token.cardRef,
            panLastFour: token.panLastFour, tokenId: tokenId)
        let newState = networkToken.state
        let previous = try await context.database.transaction { tx in
            let current = try await TokenRepository.find(issuerId: issuer.id, tokenId: tokenId, on: tx)
            try await TokenRepository.updateState(
                issuerId: issuer.id, tokenId: tokenId, state: newState, at: now, on: tx)
            try await AuditLog.record(audit, issuerId: issuer.id, on: tx)
            return current?.state
        }
        if previous != newState { context.metrics.observeTransition(from: previous, to: newState, source: actor.name) }
        context.log.info(
            "token.state-changed",
            ["requestId": requestId, "issuer": issuer.id, "action": action.rawValue, "state": newState.rawValue])
        return TokenStateChangeResponse(tokenId: tokenId, state: newState.wireStatus)
    }

    private func callNetwork(_ command: TokenStateChangeCommand, requestId: String) async throws -> NetworkToken {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try await context.connector.changeTokenState(command)
            } catch let error as TokenServiceError {
                context.log.warning(
                    "token.network-error",
                    ["requestId": requestId, "code": error.code.rawValue, "attempt": String(attempt)])
                switch error.code {
                case .unavailable where attempt < 2:
                    continue
                case .unavailable:
                    throw ServiceError(.upstreamNetworkError, "the card network is unavailable; retry later")
                case .unknownToken:
                    throw ServiceError(.notFound, "the card network does not know the token")
                case .rejected:
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

extension TokenAction {
    /// The domain action of a wire action.
    init(_ action: TokenLifecycleAction) {
        switch action {
        case .activate: self = .activate
        case .suspend: self = .suspend
        case .resume: self = .resume
        case .delete: self = .delete
        }
    }

    var wireAction: TokenLifecycleAction {
        switch self {
        case .activate: .activate
        case .suspend: .suspend
        case .resume: .resume
        case .delete: .delete
        }
    }
}
