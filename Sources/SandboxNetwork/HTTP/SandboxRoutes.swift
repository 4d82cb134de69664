import Foundation
import ProvisioningAPI
import ProvisioningHTTP
import ProvisioningService
import ProvisioningStorage

extension Sandbox {
    /// The sandbox routes of the contract this type serves: devices, nonces,
    /// certificates, add pass, list passes, activate pass, lost mode, test cards, and the
    /// issuer wallet's activation-code channel and payment terminal.
    package static let routes: [APIRoute] = [
        .sandboxDevices, .sandboxNonces, .sandboxCertificates, .sandboxAddPass, .sandboxPasses,
        .sandboxActivatePass, .sandboxLostMode, .sandboxTestCards, .sandboxActivationCode, .sandboxPayments,
    ]

    /// The largest request body a sandbox route reads.
    static let maximumBodyByteCount = 64 * 1024

    /// Mounts ``routes`` on `router` under `basePath` (`"/mg/tpc"`; pass `""`
    /// when the router already carries the base path), and the sandbox's MDES
    /// Customer Service API at `/mdes/csapi/v2` (`tls`: the listener serves
    /// HTTPS, which the OAuth base string names).
    ///
    /// Errors are answered by the HTTP layer (``ProvisioningAPI/ProblemConvertible``)
    /// as `application/problem+json` ``ProblemDetails`` with the contract's types (`not-found`, `invalid-field`,
    /// `nonce-replayed`, `declined`, `illegal-transition`, `malformed-json`…)
    /// and the request id; an unexpected failure is a bare `internal` problem
    /// whose detail says nothing about the cause.
    package func register(on router: inout Router, basePath: String, tls: Bool = false) {
        // Mastercard's Customer Service API, at its own path as on
        // api.mastercard.com: a connector differs from production by its base URL only.
        SandboxMDES(
            issuers: issuerDirectory, vault: vault, journal: mdesJournal, scheme: tls ? "https" : "http",
            clock: self.clock
        ).register(on: &router)
        router.group(basePath) { router in
            func mount(
                _ route: APIRoute, status: HTTPStatus = .ok,
                _ body: @escaping @Sendable (HTTPRequest) async throws -> any Encodable & Sendable
            ) {
                router.on(route.method, route.pattern) { request in
                    try Self.jsonResponse(try await body(request), status: status)
                }
            }
            mount(.sandboxDevices, status: .created) { request in
                try await self.registerDevice(try Self.decode(SandboxDeviceRegistrationRequest.self, from: request))
            }
            mount(.sandboxNonces, status: .created) { request in
                try await self.issueNonce(deviceId: try request.pathParameters.require("deviceId"))
            }
            mount(.sandboxCertificates) { _ in self.certificates }
            mount(.sandboxAddPass, status: .created) { request in
                try await self.addPass(
                    try Self.decode(SandboxPassRequest.self, from: request),
                    deviceId: try request.pathParameters.require("deviceId"))
            }
            mount(.sandboxPasses) { request in
                try await self.passes(deviceId: try request.pathParameters.require("deviceId"))
            }
            mount(.sandboxActivatePass) { request in
                try await self.activatePass(
                    serialNumber: try request.pathParameters.require("serialNumber"),
                    deviceId: try request.pathParameters.require("deviceId"),
                    request: try Self.decode(SandboxPassActivationRequest.self, from: request))
            }
            mount(.sandboxLostMode) { request in
                try await self.setLostMode(
                    try Self.decode(SandboxLostModeRequest.self, from: request),
                    deviceId: try request.pathParameters.require("deviceId"))
            }
            mount(.sandboxTestCards) { _ in self.testCards() }
            mount(.sandboxActivationCode) { request in
                try await self.activationCode(sessionId: try request.pathParameters.require("sessionId"))
            }
            mount(.sandboxPayments) { request in
                try await self.pay(try Self.decode(PaymentRequest.self, from: request))
            }
        }
    }

    /// Decodes a body with the wire conventions, mapping failures to
    /// `malformed-json` (not JSON) or `invalid-field` (naming the field only).
    static func decode<T: Decodable>(_ type: T.Type, from request: HTTPRequest) throws -> T {
        guard request.body.count <= maximumBodyByteCount else {
            throw ProvisioningAPI.ProblemDetails(.bodyTooLarge)
        }
        guard let json = try? JSONSerialization.jsonObject(with: Data(request.body)), json is [String: Any] else {
            throw SandboxError(.malformedBody, "the body is not a JSON object")
        }
        let value: T
        do {
            value = try JSONDecoder.provisioningAPI.decode(T.self, from: Data(request.body))
        } catch let DecodingError.keyNotFound(key, context) {
            throw invalid(context.codingPath + [key], .missing)
        } catch let DecodingError.valueNotFound(_, context) {
            throw invalid(context.codingPath, .missing)
        } catch let DecodingError.typeMismatch(_, context) {
            throw invalid(context.codingPath, .wrongType)
        } catch let DecodingError.dataCorrupted(context) {
            throw invalid(context.codingPath, .malformed)
        } catch {
            throw SandboxError(.malformedBody, "the body cannot be read")
        }
        // As the contract's schemas say (additionalProperties: false): members
        // it does not define are refused, named by pointer.
        let schema = String(describing: T.self)
        if let contract = SchemaMembers.contract, contract.defines(schema),
            let refusal = contract.refusal(in: json, schema: schema)
        {
            throw SandboxError(.invalidField, refusal.detail, fields: refusal.fields)
        }
        return value
    }

    private static func invalid(_ path: [any CodingKey], _ reason: FieldProblemReason) -> SandboxError {
        let field = FieldProblem.pointer(for: path)
        return SandboxError(
            .invalidField, "the field \(field) is invalid", fields: [FieldProblem(field: field, reason: reason)])
    }

    static func jsonResponse(_ value: any Encodable, status: HTTPStatus) throws -> HTTPResponse {
        var headers = HTTPHeaders()
        headers["Content-Type"] = "application/json"
        return HTTPResponse(
            status: status, headers: headers, body: Array(try JSONEncoder.provisioningAPI.encode(value)))
    }
}
