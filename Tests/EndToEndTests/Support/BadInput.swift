import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import Testing

/// A request as the wire sees it, bytes and all.
struct RawRequest: Sendable {
    var method = "POST"
    var path: String
    var body: Data?
    var contentType: String? = "application/json"
    var headers: [String: String] = [:]
}

/// One row of the bad-input table: how to make the request (setup, which may
/// write, happens here, before the rows are counted), and the answer it must
/// get.
struct BadInput: Sendable, CustomTestStringConvertible {
    let name: String
    let status: Int
    let type: ProblemType
    let make: @Sendable (Deployment) async throws -> RawRequest

    var testDescription: String { name }
}

extension BadInput {
    /// A provisioning request built from fresh valid inputs, then edited.
    static func provisioning(
        _ name: String, _ status: Int, _ type: ProblemType,
        edit:
            @escaping @Sendable (inout ApplePayProvisioningRequest, ProvisioningInputs, Deployment) async throws ->
            Void
    ) -> BadInput {
        BadInput(name: name, status: status, type: type) { deployment in
            let inputs = try await deployment.inputs()
            var request = inputs.request
            try await edit(&request, inputs, deployment)
            return RawRequest(
                path: try deployment.provisioningPath(), body: try JSONEncoder.provisioningAPI.encode(request))
        }
    }

    /// A provisioning request whose JSON object is edited member by member.
    static func provisioningJSON(
        _ name: String, _ status: Int, _ type: ProblemType, edit: @escaping @Sendable (inout [String: Any]) -> Void
    ) -> BadInput {
        BadInput(name: name, status: status, type: type) { deployment in
            let inputs = try await deployment.inputs()
            let encoded = try JSONEncoder.provisioningAPI.encode(inputs.request)
            guard var object = try JSONSerialization.jsonObject(with: encoded) as? [String: Any] else {
                throw FlowFailure(description: "the request does not encode as an object")
            }
            edit(&object)
            return RawRequest(
                path: try deployment.provisioningPath(), body: try JSONSerialization.data(withJSONObject: object))
        }
    }

    /// A provisioning request with a code that `code` mints for the inputs.
    static func code(
        _ name: String, _ status: Int, _ type: ProblemType,
        _ code: @escaping @Sendable (ProvisioningInputs, Deployment) throws -> String
    ) -> BadInput {
        provisioning(name, status, type) { request, inputs, deployment in
            request.authorizationCode = try code(inputs, deployment)
        }
    }

    /// A provisioning request whose payload is `payload` for the inputs.
    static func payload(
        _ name: String, _ status: Int, _ type: ProblemType,
        _ payload: @escaping @Sendable (ProvisioningInputs, Deployment) throws -> String
    ) -> BadInput {
        provisioning(name, status, type) { request, inputs, deployment in
            request.encryptedPayload = try payload(inputs, deployment)
        }
    }

    /// A provisioning request for the card `pan`/`expiration` with a code bound to it.
    static func card(
        _ name: String, pan: String, expiration: String? = nil, scheme: String? = nil
    ) -> BadInput {
        provisioning(name, 422, .payloadInvalid) { request, inputs, deployment in
            request.encryptedPayload = try deployment.issuer.payload(
                pan: pan, expiration: expiration ?? inputs.card.expiry, name: inputs.cardholderName,
                cardRef: inputs.cardRef)
            request.authorizationCode = try deployment.issuer.code(
                scope: "provision", cardRef: inputs.cardRef, panLastFour: String(pan.suffix(4)))
            if let scheme { request.scheme = CardSchemeName(scheme) }
        }
    }

    /// A signed-or-not network notification about the fixture token.
    static func notification(
        _ name: String, _ status: Int, _ type: ProblemType,
        signature: @escaping @Sendable (Data, Deployment) throws -> String?
    ) -> BadInput {
        BadInput(name: name, status: status, type: type) { deployment in
            let (provisioned, pass) = try await deployment.fixtureToken()
            let notification = TokenEventNotification(
                eventId: "e2e-event-\(UUID().uuidString)", issuerId: deployment.issuer.issuerId,
                tokenId: pass.deviceAccountIdentifier, event: .suspended, state: .suspended,
                occurredAt: Date())
            let body = try JSONEncoder.provisioningAPI.encode(notification)
            var headers: [String: String] = [:]
            if let value = try signature(body, deployment) { headers[APIHeaders.notificationSignature] = value }
            return RawRequest(
                path: deployment.path(try APIPaths.networkNotification(network: provisioned.card.scheme)), body: body,
                headers: headers)
        }
    }

    /// A suspend of the fixture token sent to `issuerId`'s path (the
    /// deployment's issuer unless given), carrying the code `code` mints.
    static func suspend(
        _ name: String, _ status: Int, _ type: ProblemType, at issuerId: (@Sendable (Deployment) -> String)? = nil,
        code: @escaping @Sendable (Deployment, Provisioned, SandboxPass) throws -> String
    ) -> BadInput {
        lifecycle(name, status, type) { deployment, provisioned, pass in
            let path = try APIPaths.tokenState(
                issuerId: issuerId?(deployment) ?? deployment.issuer.issuerId, tokenId: pass.deviceAccountIdentifier)
            return RawRequest(
                path: deployment.path(path),
                body: try JSONEncoder.provisioningAPI.encode(
                    TokenStateChangeRequest(
                        action: .suspend, tokenRequestorId: Deployment.applePayTokenRequestorId,
                        scheme: provisioned.card.scheme, authorizationCode: try code(deployment, provisioned, pass))))
        }
    }

    /// A lifecycle request on the fixture token.
    static func lifecycle(
        _ name: String, _ status: Int, _ type: ProblemType,
        _ make: @escaping @Sendable (Deployment, Provisioned, SandboxPass) throws -> RawRequest
    ) -> BadInput {
        BadInput(name: name, status: status, type: type) { deployment in
            let (provisioned, pass) = try await deployment.fixtureToken()
            return try make(deployment, provisioned, pass)
        }
    }
}
