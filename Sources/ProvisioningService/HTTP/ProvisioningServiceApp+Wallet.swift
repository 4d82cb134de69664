import Foundation
import ProvisioningHTTP
import ProvisioningAPI
import ProvisioningStorage

extension ProvisioningServiceApp {
    /// Mounts the issuer-wallet routes (``ProvisioningAPI/APIRoute/wallet``
    /// minus the sandbox's) under `base`.
    func registerWallet(on router: inout Router, base: String) {
        let wallet = WalletService(context: context, network: walletNetwork)
        let context = self.context
        let backOffice = BackOffice(context: context, lifecycle: TokenLifecycle(context: context))

        @Sendable func authenticated(_ request: HTTPRequest) async throws -> (Issuer, WalletRecord) {
            try await wallet.authenticate(
                issuerId: try request.pathParameters.require("issuerId"),
                walletId: try request.pathParameters.require("walletId"),
                authorization: request.headers[APIHeaders.authorization])
        }

        route(&router, .walletRegistration, base: base) { request in
            let issuerId = try request.pathParameters.require("issuerId")
            _ = try context.issuer(issuerId)
            let body = try RequestBody.decode(WalletRegistrationRequest.self, from: request.body)
            let registration = try await wallet.register(
                issuerId: issuerId, request: body, requestId: request.requestID)
            return try .json(registration, status: .created, encoder: .provisioningAPI)
        }
        route(&router, .walletCardEnrollment, base: base) { request in
            let (issuer, record) = try await authenticated(request)
            let body = try RequestBody.decode(CardEnrollmentRequest.self, from: request.body)
            let card = try await wallet.enrol(
                issuer: issuer, wallet: record, request: body, requestId: request.requestID)
            return try .json(card, status: .created, encoder: .provisioningAPI)
        }
        route(&router, .walletCards, base: base) { request in
            let (issuer, record) = try await authenticated(request)
            return try .json(try await wallet.list(issuer: issuer, wallet: record), encoder: .provisioningAPI)
        }
        route(&router, .walletCard, base: base) { request in
            let (issuer, record) = try await authenticated(request)
            let card = try await wallet.get(
                issuer: issuer, wallet: record, cardId: try request.pathParameters.require("cardId"))
            return try .json(card, encoder: .provisioningAPI)
        }
        route(&router, .walletCardState, base: base) { request in
            let (issuer, record) = try await authenticated(request)
            let body = try RequestBody.decode(DigitalCardStateChangeRequest.self, from: request.body)
            let card = try await wallet.changeState(
                issuer: issuer, wallet: record, cardId: try request.pathParameters.require("cardId"), request: body,
                requestId: request.requestID)
            return try .json(card, encoder: .provisioningAPI)
        }
        route(&router, .walletCardActivation, base: base) { request in
            let (issuer, record) = try await authenticated(request)
            let body = try RequestBody.decode(ActivationVerificationRequest.self, from: request.body)
            let card = try await wallet.verifyActivation(
                issuer: issuer, wallet: record, cardId: try request.pathParameters.require("cardId"), request: body,
                requestId: request.requestID)
            return try .json(card, encoder: .provisioningAPI)
        }
        route(&router, .walletPaymentKeys, base: base) { request in
            let (issuer, record) = try await authenticated(request)
            let batch = try await wallet.replenish(
                issuer: issuer, wallet: record, cardId: try request.pathParameters.require("cardId"))
            return try .json(batch, encoder: .provisioningAPI)
        }
        route(&router, .walletDefaultCard, base: base) { request in
            let (issuer, record) = try await authenticated(request)
            return try .json(try await wallet.defaultCard(issuer: issuer, wallet: record), encoder: .provisioningAPI)
        }
        route(&router, .walletSetDefaultCard, base: base) { request in
            let (issuer, record) = try await authenticated(request)
            let body = try RequestBody.decode(DefaultCardRequest.self, from: request.body)
            return try .json(
                try await wallet.setDefaultCard(issuer: issuer, wallet: record, request: body),
                encoder: .provisioningAPI)
        }
        route(&router, .walletCardArt, base: base) { request in
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
        route(&router, .backOfficeCardArt, base: base) { request in
            let issuer = try backOffice.authenticate(
                issuerId: try request.pathParameters.require("issuerId"),
                authorization: request.headers[APIHeaders.authorization])
            guard let type = CardArtType(rawValue: try request.pathParameters.require("artType")) else {
                throw ServiceError(.notFound, "no such art type")
            }
            guard let contentType = request.headers[APIHeaders.contentType],
                contentType.lowercased().hasPrefix(APIHeaders.pngMediaType)
            else { throw ServiceError(.unsupportedMediaType, "send image/png") }
            let etag = try await wallet.uploadArt(
                issuer: issuer, productId: try request.pathParameters.require("productId"), type: type,
                png: request.body)
            return HTTPResponse(status: .noContent, headers: [APIHeaders.eTag: etag])
        }
    }

    /// Whether an `If-None-Match` value (a list of tags, or `*`) names `etag`.
    static func etagMatches(_ header: String, _ etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }

    /// Stores generated art (``DefaultCardArt``) for every art type of each
    /// product of every issuer, where none was uploaded yet — the sandbox's
    /// start-up seed, so every card shows art. Uploaded art is never replaced.
    ///
    /// - Throws: a ``Storage/StorageError`` when the database refuses the rows.
    package func installDefaultCardArt(
        productIds: [String] = [CardArtSpecification.defaultProductId]
    ) async throws {
        let now = context.clock()
        let database = context.database
        for issuerId in context.issuers.keys.sorted() {
            for productId in productIds {
                // A restart finds every image in place: generating them is
                // most of a sandbox's start-up time, so only missing ones are made.
                let stored = try await CardArtStore.storedTypes(
                    issuerId: issuerId, productId: productId, on: database)
                for type in CardArtType.allCases where !stored.contains(type) {
                    let png = try DefaultCardArt.png(productId: productId, type: type)
                    _ = try await CardArtStore.put(
                        png, issuerId: issuerId, productId: productId, type: type, at: now, replacing: false,
                        on: database)
                }
            }
        }
    }
}
