import ProvisioningAPI
import ProvisioningHTTP

/// The provisioning operation's route: `POST …/provisioning` (Apple's issuer
/// request, answered with encrypted pass data).
struct ProvisioningRoutes {
    let context: ServiceContext
    let provisioning: ApplePayProvisioning

    func register(on router: inout Router) {
        let context = context
        let provisioning = provisioning
        router.on(.provision) { request in
            // An unknown issuer is answered before the body is read.
            let issuer = try context.issuer(try request.pathParameters.require("issuerId"))
            let body = try RequestBody.decode(ApplePayProvisioningRequest.self, from: request.body)
            let response = try await provisioning.provision(
                issuer: issuer, request: body, requestId: request.requestID)
            context.log.info(
                "provisioning.succeeded",
                ["requestId": request.requestID, "issuer": issuer.id, "provisioningId": response.provisioningId])
            return try .json(response, encoder: .provisioningAPI)
        }
    }
}
