import ProvisioningAPI
import ProvisioningHTTP

/// The issuer wallet's routes (``ProvisioningAPI/APIRoute/wallet`` minus the
/// sandbox's and the back office's art upload): registration, cards,
/// activation, payment keys, the default card and card art.
struct WalletRoutes {
    let context: ServiceContext
    let wallet: WalletService

    func register(on router: inout Router) {
        let context = context
        let wallet = wallet
        /// The issuer and wallet whose access token the request carries.
        @Sendable func authenticated(_ request: HTTPRequest) async throws -> (Issuer, WalletRecord) {
            try await wallet.authenticate(
                issuerId: try request.pathParameters.require("issuerId"),
                walletId: try request.pathParameters.require("walletId"),
                authorization: request.headers[APIHeaders.authorization])
        }

        router.on(.walletRegistration) { request in
            let issuerId = try request.pathParameters.require("issuerId")
            _ = try context.issuer(issuerId)
            let body = try RequestBody.decode(WalletRegistrationRequest.self, from: request.body)
            let registration = try await wallet.register(
                issuerId: issuerId, request: body, requestId: request.requestID)
            return try .json(registration, status: .created, encoder: .provisioningAPI)
        }
        router.on(.walletCardEnrollment) { request in
            let (issuer, record) = try await authenticated(request)
            let body = try RequestBody.decode(CardEnrollmentRequest.self, from: request.body)
            let card = try await wallet.enrol(
                issuer: issuer, wallet: record, request: body, requestId: request.requestID)
            return try .json(card, status: .created, encoder: .provisioningAPI)
        }
        router.on(.walletCards) { request in
            let (issuer, record) = try await authenticated(request)
            return try .json(try await wallet.list(issuer: issuer, wallet: record), encoder: .provisioningAPI)
        }
        router.on(.walletCard) { request in
            let (issuer, record) = try await authenticated(request)
            let card = try await wallet.get(
                issuer: issuer, wallet: record, cardId: try request.pathParameters.require("cardId"))
            return try .json(card, encoder: .provisioningAPI)
        }
        router.on(.walletCardState) { request in
            let (issuer, record) = try await authenticated(request)
            let body = try RequestBody.decode(DigitalCardStateChangeRequest.self, from: request.body)
            let card = try await wallet.changeState(
                issuer: issuer, wallet: record, cardId: try request.pathParameters.require("cardId"), request: body,
                requestId: request.requestID)
            return try .json(card, encoder: .provisioningAPI)
        }
        router.on(.walletCardActivation) { request in
            let (issuer, record) = try await authenticated(request)
            let body = try RequestBody.decode(ActivationVerificationRequest.self, from: request.body)
            let card = try await wallet.verifyActivation(
                issuer: issuer, wallet: record, cardId: try request.pathParameters.require("cardId"), request: body,
                requestId: request.requestID)
            return try .json(card, encoder: .provisioningAPI)
        }
        router.on(.walletPaymentKeys) { request in
            let (issuer, record) = try await authenticated(request)
            let batch = try await wallet.replenish(
                issuer: issuer, wallet: record, cardId: try request.pathParameters.require("cardId"))
            return try .json(batch, encoder: .provisioningAPI)
        }
        router.on(.walletDefaultCard) { request in
            let (issuer, record) = try await authenticated(request)
            return try .json(try await wallet.defaultCard(issuer: issuer, wallet: record), encoder: .provisioningAPI)
        }
        router.on(.walletSetDefaultCard) { request in
            let (issuer, record) = try await authenticated(request)
            let body = try RequestBody.decode(DefaultCardRequest.self, from: request.body)
            return try .json(
                try await wallet.setDefaultCard(issuer: issuer, wallet: record, request: body),
                encoder: .provisioningAPI)
        }
        router.on(.walletCardArt) { request in
            let (issuer, record) = try await authenticated(request)
            guard let type = CardArtType(rawValue: try request.pathParameters.require("artType")) else {
                throw ServiceError(.notFound, "no such art type")
            }
            let art = try await wallet.art(
                issuer: issuer, wallet: record, cardId: try request.pathParameters.require("cardId"), type: type)
            if let match = request.headers[APIHeaders.ifNoneMatch], Self.etagMatches(match, art.etag) {
                return HTTPResponse(status: HTTPStatus(304), headers: [APIHeaders.eTag: art.etag])
            }
            return HTTPResponse(
                status: .ok,
                headers: [
                    APIHeaders.contentType: APIHeaders.pngMediaType, APIHeaders.eTag: art.etag,
                    "Cache-Control": "private, no-cache",
                ], body: art.png)
        }
    }

    /// Whether an `If-None-Match` value (a list of tags, or `*`) names `etag`.
    static func etagMatches(_ header: String, _ etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}
