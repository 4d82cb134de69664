import ProvisioningAPI
import ProvisioningHTTP

/// The token lifecycle's routes: the issuer app's state change and card token
/// list, and the networks' signed notifications.
struct LifecycleRoutes {
    let context: ServiceContext
    let lifecycle: TokenLifecycle
    let receiver: NotificationReceiver

    func register(on router: inout Router) {
        let context = context
        let lifecycle = lifecycle
        let receiver = receiver
        router.on(.tokenState) { request in
            let issuerId = try request.pathParameters.require("issuerId")
            _ = try context.issuer(issuerId)
            let body = try RequestBody.decode(TokenStateChangeRequest.self, from: request.body)
            let response = try await lifecycle.changeState(
                issuerId: issuerId, tokenId: try request.pathParameters.require("tokenId"), request: body,
                requestId: request.requestID)
            return try .json(response, encoder: .provisioningAPI)
        }
        router.on(.cardTokens) { request in
            let response = try await lifecycle.cardTokens(
                issuerId: try request.pathParameters.require("issuerId"),
                cardRef: try request.pathParameters.require("cardRef"),
                authorization: request.headers[APIHeaders.authorization])
            return try .json(response, encoder: .provisioningAPI)
        }
        router.on(.networkNotification) { request in
            let receipt = try await receiver.receive(
                body: request.body, signatureHeader: request.headers[APIHeaders.notificationSignature],
                requestId: request.requestID)
            return try .json(receipt, status: .accepted, encoder: .provisioningAPI)
        }
    }
}
