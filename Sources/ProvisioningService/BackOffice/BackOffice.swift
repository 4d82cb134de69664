import Foundation
import ProvisioningAPI

/// The issuer's back office: token search, audit trail and operator state
/// changes, authenticated with a per-issuer API key (`Authorization: Bearer`).
///
/// A key is compared, in constant time, with the SHA-256 hashes configured for
/// the issuer in the path. A key that belongs to another issuer gets 404, as if
/// the issuer did not exist; an unknown or missing key gets 401.
struct BackOffice: Sendable {
    let context: ServiceContext
    let lifecycle: TokenLifecycle

    func authenticate(issuerId: String, authorization: String?) throws(ServiceError) -> Issuer {
        guard let authorization, let key = APIHeaders.bearerToken(fromAuthorization: authorization) else {
            throw ServiceError(.unauthorized, "a back-office API key is required")
        }
        var ownKey = false
        var foreignKey = false
        for issuer in context.issuers.values {
            let accepted = issuer.acceptsBackOfficeKey(key)
            if issuer.id == issuerId { ownKey = ownKey || accepted } else { foreignKey = foreignKey || accepted }
        }
        guard context.issuers[issuerId] != nil, !(foreignKey && !ownKey) else {
            throw ServiceError(.unknownIssuer, "no such issuer")
        }
        guard ownKey, let issuer = context.issuers[issuerId] else {
            throw ServiceError(.unauthorized, "the back-office API key is not valid")
        }
        return issuer
    }

    func searchTokens(issuer: Issuer, query: TokenSearchQuery) async throws -> TokenSearchResponse {
        let page = try await TokenRepository.search(
            issuerId: issuer.id, state: query.state.map(TokenState.init), cardRef: query.cardRef,
            limit: query.limit ?? TokenSearchQuery.defaultLimit, cursor: query.cursor, on: context.database)
        return TokenSearchResponse(tokens: page.tokens.map(\.info), nextCursor: page.nextCursor)
    }

    func auditEvents(issuer: Issuer, query: AuditQuery) async throws -> AuditEventsResponse {
        try await AuditLog.events(issuerId: issuer.id, query: query, on: context.database)
    }

    func changeState(
        issuer: Issuer, tokenId: String, request: BackOfficeTokenStateChangeRequest, requestId: String
    ) async throws -> TokenStateChangeResponse {
        let reason = try Self.validatedReason(request.reason)
        return try await lifecycle.apply(
            request.action, issuer: issuer, tokenId: tokenId, tokenRequestorId: nil, actor: .backOffice,
            requestId: requestId, reason: reason)
    }

    /// The operator's reason as the contract bounds it: at most 500 characters
    /// (Unicode scalars, as JSON Schema counts), and no run of 12 or more digits,
    /// which could be a card number on its way into the audit log.
    static func validatedReason(_ reason: String?) throws(ServiceError) -> String? {
        guard let reason, !reason.isEmpty else { return nil }
        var problem: FieldProblemReason?
        if reason.unicodeScalars.count > 500 {
            problem = .tooLong
        } else {
            var run = 0
            for scalar in reason.unicodeScalars {
                run = ("0"..."9").contains(scalar) ? run + 1 : 0
                if run >= 12 {
                    problem = .malformed
                    break
                }
            }
        }
        if let problem {
            throw ServiceError(
                .invalidField, "the reason is too long or looks like card data",
                fieldProblems: [FieldProblem(field: "/reason", reason: problem)])
        }
        return reason
    }
}
