import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import TestSupport

/// A credential of one tenant, presented at a resource: as a bearer token or
/// an `authorizationCode` member (``bearer``), or as the HMAC key of a
/// network notification (``hmacKey``).
struct IsolationCredential: Sendable {
    enum Kind: Sendable, Equatable {
        case code(scope: String)
        case backOfficeKey
        case walletAccessToken
        case notificationSecret
    }

    let kind: Kind
    let bearer: String
    let hmacKey: [UInt8]

    /// What a code is bound to: the claims a genuine code for the resource
    /// would carry, so only the issuer is wrong.
    struct Binding: Sendable {
        var cardRef: String?
        var panLastFour: String?
        var tokenId: String?
        var userId: String?
    }

    static let codeScopes = [
        "provision", "tokens:read", "token:activate", "token:suspend", "token:resume", "token:delete",
        "wallet:register", "wallet:enrol",
    ]

    static var allKinds: [Kind] {
        codeScopes.map { Kind.code(scope: $0) } + [.backOfficeKey, .walletAccessToken, .notificationSecret]
    }

    /// `owner`'s credential of `kind`, a code bound as `binding` says.
    static func make(_ kind: Kind, of owner: Tenant, binding: Binding) throws -> IsolationCredential {
        switch kind {
        case .code(let scope):
            let code = try owner.backend.code(
                scope: scope, cardRef: binding.cardRef, panLastFour: binding.panLastFour, tokenId: binding.tokenId
            ) { claims in
                if let userId = binding.userId { claims.subject = userId }
            }
            return IsolationCredential(kind: kind, bearer: code, hmacKey: Array(code.utf8))
        case .backOfficeKey:
            return IsolationCredential(
                kind: kind, bearer: owner.backend.backOfficeKey, hmacKey: Array(owner.backend.backOfficeKey.utf8))
        case .walletAccessToken:
            return IsolationCredential(
                kind: kind, bearer: owner.wallet.accessToken, hmacKey: Array(owner.wallet.accessToken.utf8))
        case .notificationSecret:
            return IsolationCredential(
                kind: kind, bearer: Hex.encode(owner.backend.notificationSecret),
                hmacKey: owner.backend.notificationSecret)
        }
    }

    var name: String {
        switch kind {
        case .code(let scope): "code \(scope)"
        case .backOfficeKey: "back-office key"
        case .walletAccessToken: "wallet access token"
        case .notificationSecret: "notification secret"
        }
    }
}

/// A resource of the victim tenant and how a credential is presented to it.
struct IsolationResource: Sendable {
    /// How the resource authenticates, which fixes the documented refusal.
    enum Guard: Sendable {
        /// An authorization code in the body or the `Authorization` header.
        case code
        /// A back-office API key: another issuer's key gets 404, as if the
        /// issuer did not exist; anything else 401.
        case backOffice
        /// A wallet access token: another wallet's token gets 404; anything else 401.
        case wallet
        /// The `X-PP-Signature` HMAC of the issuer the body names.
        case notification
    }

    let name: String
    let guardKind: Guard
    /// Whether making the request writes rows (a device and a nonce).
    var setupWrites = false
    /// Builds the request; `mint` makes the credential bound as the resource needs.
    let make:
        @Sendable (
            _ deployment: Deployment, _ victim: Tenant,
            _ mint: @Sendable (IsolationCredential.Binding) throws -> IsolationCredential
        ) async throws -> RawRequest

    /// The documented answer to a foreign credential of `kind`.
    func refusal(for kind: IsolationCredential.Kind) -> (status: Int, type: ProblemType) {
        switch (guardKind, kind) {
        case (.code, _): (401, .authorizationCodeInvalid)
        case (.backOffice, .backOfficeKey): (404, .unknownIssuer)
        case (.backOffice, _): (401, .unauthorized)
        case (.wallet, .walletAccessToken): (404, .notFound)
        case (.wallet, _): (401, .unauthorized)
        case (.notification, _): (401, .notificationSignatureInvalid)
        }
    }
}

/// One cell of the matrix: a request a tenant must not get through, the
/// refusal it must get, and the tenant whose data must not show.
struct IsolationCell: Sendable {
    let name: String
    let status: Int
    let type: ProblemType
    let victim: Tenant
    /// Whether making the request writes rows (so the rows are counted after it).
    var setupWrites = false
    let make: @Sendable (Deployment) async throws -> RawRequest
}

extension IsolationResource {
    static func bearer(_ credential: IsolationCredential) -> [String: String] {
        [APIHeaders.authorization: "Bearer \(credential.bearer)"]
    }

    static func json(_ value: some Encodable) throws -> Data {
        try JSONEncoder.provisioningAPI.encode(value)
    }

    /// Every resource kind of the service an issuer credential could aim at.
    static let all: [IsolationResource] =
        [
            IsolationResource(name: "provisioning", guardKind: .code, setupWrites: true) { deployment, victim, mint in
                var inputs = try await deployment.inputs(as: victim.backend)
                inputs.request.authorizationCode =
                    try mint(.init(cardRef: inputs.cardRef, panLastFour: String(inputs.card.pan.suffix(4)))).bearer
                return RawRequest(
                    path: deployment.path(try APIPaths.provisioning(issuerId: victim.issuerId)),
                    body: try json(inputs.request))
            },
            IsolationResource(name: "card tokens", guardKind: .code) { deployment, victim, mint in
                RawRequest(
                    method: "GET",
                    path: deployment.path(try APIPaths.cardTokens(issuerId: victim.issuerId, cardRef: victim.cardRef)),
                    headers: bearer(try mint(.init(cardRef: victim.cardRef))))
            },
            IsolationResource(name: "token state", guardKind: .code) { deployment, victim, mint in
                let credential = try mint(.init(cardRef: victim.cardRef, tokenId: victim.tokenId))
                var action = TokenLifecycleAction.suspend
                if case .code(let scope) = credential.kind, scope.hasPrefix("token:"),
                    let named = TokenLifecycleAction(rawValue: scope.dropFirst(6).uppercased())
                {
                    action = named
                }
                return RawRequest(
                    path: deployment.path(try APIPaths.tokenState(issuerId: victim.issuerId, tokenId: victim.tokenId)),
                    body: try json(
                        TokenStateChangeRequest(
                            action: action, tokenRequestorId: Deployment.applePayTokenRequestorId,
                            scheme: victim.provisioned.card.scheme, authorizationCode: credential.bearer)))
            },
            IsolationResource(name: "back-office token search", guardKind: .backOffice) { deployment, victim, mint in
                RawRequest(
                    method: "GET",
                    path: deployment.path(
                        try APIPaths.backOfficeTokens(
                            issuerId: victim.issuerId, query: TokenSearchQuery(cardRef: victim.cardRef))),
                    headers: bearer(try mint(.init())))
            },
            IsolationResource(name: "back-office state change", guardKind: .backOffice) { deployment, victim, mint in
                RawRequest(
                    path: deployment.path(
                        try APIPaths.backOfficeTokenState(issuerId: victim.issuerId, tokenId: victim.tokenId)),
                    body: try json(BackOfficeTokenStateChangeRequest(action: .suspend, reason: "isolation")),
                    headers: bearer(try mint(.init())))
            },
            IsolationResource(name: "back-office audit", guardKind: .backOffice) { deployment, victim, mint in
                RawRequest(
                    method: "GET",
                    path: deployment.path(
                        try APIPaths.backOfficeAudit(
                            issuerId: victim.issuerId, query: AuditQuery(tokenId: victim.tokenId))
                    ),
                    headers: bearer(try mint(.init())))
            },
            IsolationResource(name: "back-office card art upload", guardKind: .backOffice) { deployment, victim, mint in
                let art = try await victim.wallet.get(
                    try APIPaths.walletCardArt(
                        issuerId: victim.issuerId, walletId: victim.wallet.walletId, cardId: victim.walletCard.id,
                        artType: .cardIcon))
                return RawRequest(
                    method: "PUT",
                    path: deployment.path(
                        try APIPaths.backOfficeCardArt(
                            issuerId: victim.issuerId, productId: "default", artType: .cardIcon)),
                    body: art.body, contentType: "image/png", headers: bearer(try mint(.init())))
            },
            IsolationResource(name: "wallet registration", guardKind: .code) { deployment, victim, mint in
                let credential = try mint(.init(userId: victim.wallet.userId))
                return RawRequest(
                    path: deployment.path(try APIPaths.walletRegistration(issuerId: victim.issuerId)),
                    body: try json(
                        WalletRegistrationRequest(
                            userId: victim.wallet.userId, deviceName: "Intruder",
                            publicKey: Data(try P256.PrivateKey().publicKey.x963Representation),
                            authorizationCode: credential.bearer)))
            },
        ] + walletResources + [notification]

    /// The wallet's routes, each on the victim's wallet and card.
    static let walletResources: [IsolationResource] =
        [
            wallet("wallet card enrolment") { deployment, victim, credential in
                var enrolment = try victim.wallet.enrolment(
                    try await deployment.testCard(scheme: "VISA", outcome: .approve))
                enrolment.authorizationCode = credential.bearer
                return RawRequest(
                    path: deployment.path(
                        try APIPaths.walletCardEnrollment(issuerId: victim.issuerId, walletId: victim.wallet.walletId)),
                    body: try json(enrolment))
            },
            wallet("wallet cards") { deployment, victim, _ in
                RawRequest(
                    method: "GET",
                    path: deployment.path(
                        try APIPaths.walletCards(issuerId: victim.issuerId, walletId: victim.wallet.walletId)))
            },
        ]
        + walletCardResources.map { resource in
            wallet(resource.name) { deployment, victim, _ in
                try resource.make(deployment, victim.issuerId, victim.wallet.walletId, victim.walletCard.id)
            }
        }

    /// The routes on one wallet card, by issuer, wallet and card id: aimed at
    /// the victim's wallet (a foreign token), or at the attacker's own wallet
    /// with the victim's card id.
    static let walletCardResources:
        [(name: String, make: @Sendable (Deployment, String, String, String) throws -> RawRequest)] = [
            (
                "wallet card",
                { deployment, issuerId, walletId, cardId in
                    RawRequest(
                        method: "GET",
                        path: deployment.path(
                            try APIPaths.walletCard(issuerId: issuerId, walletId: walletId, cardId: cardId)))
                }
            ),
            (
                "wallet card state",
                { deployment, issuerId, walletId, cardId in
                    RawRequest(
                        path: deployment.path(
                            try APIPaths.walletCardState(issuerId: issuerId, walletId: walletId, cardId: cardId)),
                        body: try json(DigitalCardStateChangeRequest(action: .suspend)))
                }
            ),
            (
                "wallet card activation",
                { deployment, issuerId, walletId, cardId in
                    RawRequest(
                        path: deployment.path(
                            try APIPaths.walletCardActivation(issuerId: issuerId, walletId: walletId, cardId: cardId)),
                        body: try json(ActivationVerificationRequest(sessionId: "idv-isolation", code: "000000")))
                }
            ),
            (
                "wallet payment keys",
                { deployment, issuerId, walletId, cardId in
                    RawRequest(
                        path: deployment.path(
                            try APIPaths.walletPaymentKeys(issuerId: issuerId, walletId: walletId, cardId: cardId)))
                }
            ),
            (
                "wallet default card",
                { deployment, issuerId, walletId, _ in
                    RawRequest(
                        method: "GET",
                        path: deployment.path(try APIPaths.walletDefaultCard(issuerId: issuerId, walletId: walletId)))
                }
            ),
            (
                "wallet set default card",
                { deployment, issuerId, walletId, cardId in
                    RawRequest(
                        method: "PUT",
                        path: deployment.path(
                            try APIPaths.walletDefaultCard(issuerId: issuerId, walletId: walletId, set: true)),
                        body: try json(DefaultCardRequest(cardId: cardId)))
                }
            ),
            (
                "wallet card art",
                { deployment, issuerId, walletId, cardId in
                    RawRequest(
                        method: "GET",
                        path: deployment.path(
                            try APIPaths.walletCardArt(
                                issuerId: issuerId, walletId: walletId, cardId: cardId, artType: .cardBackground)))
                }
            ),
        ]

    /// The routes on a card that name it by id, for the attacker's own wallet
    /// with the victim's card (the default-card read names no card).
    static var walletCardIdResources:
        [(name: String, make: @Sendable (Deployment, String, String, String) throws -> RawRequest)]
    {
        walletCardResources.filter { $0.name != "wallet default card" }
    }

    static func wallet(
        _ name: String,
        _ make: @escaping @Sendable (Deployment, Tenant, IsolationCredential) async throws -> RawRequest
    ) -> IsolationResource {
        IsolationResource(name: name, guardKind: .wallet) { deployment, victim, mint in
            let credential = try mint(.init(cardRef: victim.cardRef))
            var request = try await make(deployment, victim, credential)
            request.headers[APIHeaders.authorization] = "Bearer \(credential.bearer)"
            return request
        }
    }

    static let notification = IsolationResource(name: "network notification", guardKind: .notification) {
        deployment, victim, mint in
        let credential = try mint(.init(cardRef: victim.cardRef, tokenId: victim.tokenId))
        let body = try json(
            TokenEventNotification(
                eventId: "isolation-\(UUID().uuidString)", issuerId: victim.issuerId, tokenId: victim.tokenId,
                event: .suspended, state: .suspended, occurredAt: Date()))
        let signature = try victim.backend.notificationSignature(
            for: body, timestamp: Int64(Date().timeIntervalSince1970), secret: credential.hmacKey)
        return RawRequest(
            path: deployment.path(try APIPaths.networkNotification(network: victim.provisioned.card.scheme)),
            body: body, headers: [APIHeaders.notificationSignature: signature])
    }
}
