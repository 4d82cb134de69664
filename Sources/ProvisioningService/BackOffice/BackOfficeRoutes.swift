import ProvisioningAPI
import ProvisioningHTTP

/// The back office's routes: token search, audit, state changes and card-art
/// upload, every one behind the issuer's back-office API key.
struct BackOfficeRoutes {
    let backOffice: BackOffice
    let wallet: WalletService

    func register(on router: inout Router) {
        let backOffice = backOffice
        let wallet = wallet
        /// The issuer whose back-office key the request carries: the one
        /// authentication every route here starts with.
        @Sendable func issuer(_ request: HTTPRequest) throws -> Issuer {
            try backOffice.authenticate(
                issuerId: try request.pathParameters.require("issuerId"),
                authorization: request.headers[APIHeaders.authorization])
        }

        router.on(.backOfficeTokens) { request in
            let issuer = try issuer(request)
            let query = try request.parsedQuery { items throws(ProvisioningAPIError) in
                try TokenSearchQuery(queryItems: items)
            }
            return try .json(try await backOffice.searchTokens(issuer: issuer, query: query), encoder: .provisioningAPI)
        }
        router.on(.backOfficeAudit) { request in
            let issuer = try issuer(request)
            let query = try request.parsedQuery { items throws(ProvisioningAPIError) in
                try AuditQuery(queryItems: items)
            }
            return try .json(try await backOffice.auditEvents(issuer: issuer, query: query), encoder: .provisioningAPI)
        }
        router.on(.backOfficeTokenState) { request in
            let issuer = try issuer(request)
            let body = try RequestBody.decode(BackOfficeTokenStateChangeRequest.self, from: request.body)
            let response = try await backOffice.changeState(
                issuer: issuer, tokenId: try request.pathParameters.require("tokenId"), request: body,
                requestId: request.requestID)
            return try .json(response, encoder: .provisioningAPI)
        }
        router.on(.backOfficeCardArt) { request in
            let issuer = try issuer(request)
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
}
