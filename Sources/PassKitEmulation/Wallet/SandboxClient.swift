import Foundation
import ProvisioningAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The simulated devices' line to the sandbox's Apple side, as a device talks
/// to Apple's servers: register, get a nonce and the certificate chain, submit
/// a pass, list and activate passes, put a device in lost mode. Wire types
/// come from ProvisioningAPI.
struct SandboxClient: Sendable {
    /// The service URL including its base path, e.g. `http://127.0.0.1:8080/mg/tpc`.
    let baseURL: URL
    let session: URLSession

    init(baseURL: URL, requestTimeout: TimeInterval = 15) {
        self.baseURL = baseURL
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = requestTimeout
        self.session = URLSession(configuration: configuration)
    }

    func registerDevice(_ request: SandboxDeviceRegistrationRequest) async throws -> SandboxDeviceRegistrationResponse {
        try await send(APIEndpoint(route: .sandboxDevices), body: request)
    }

    func issueNonce(deviceId: String) async throws -> SandboxNonce {
        try await send(APIEndpoint(route: .sandboxNonces, parameters: ["deviceId": deviceId]), body: EmptyBody())
    }

    func certificates() async throws -> SandboxCertificateChain {
        try await send(APIEndpoint(route: .sandboxCertificates), body: nil as EmptyBody?)
    }

    func addPass(_ request: SandboxPassRequest, deviceId: String) async throws -> SandboxPass {
        try await send(APIEndpoint(route: .sandboxAddPass, parameters: ["deviceId": deviceId]), body: request)
    }

    func passes(deviceId: String) async throws -> SandboxPassList {
        try await send(APIEndpoint(route: .sandboxPasses, parameters: ["deviceId": deviceId]), body: nil as EmptyBody?)
    }

    func activatePass(
        serialNumber: String, deviceId: String, request: SandboxPassActivationRequest
    ) async throws -> SandboxPass {
        let endpoint = try APIEndpoint(
            route: .sandboxActivatePass, parameters: ["deviceId": deviceId, "serialNumber": serialNumber])
        return try await send(endpoint, body: request)
    }

    func setLostMode(_ enabled: Bool, deviceId: String) async throws -> SandboxPassList {
        try await send(
            APIEndpoint(route: .sandboxLostMode, parameters: ["deviceId": deviceId]),
            body: SandboxLostModeRequest(enabled: enabled))
    }

    private struct EmptyBody: Codable, Sendable {}

    private func send<Body: Encodable, Answer: Decodable>(_ endpoint: APIEndpoint, body: Body?) async throws -> Answer {
        guard let url = endpoint.url(relativeTo: baseURL) else {
            throw PassKitEmulationError(.invalidArgument, "the sandbox URL cannot address \(endpoint.route.pattern)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = endpoint.method.rawValue
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = try JSONEncoder.provisioningAPI.encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw PassKitEmulationError(.sandboxUnreachable, "the sandbox did not answer \(endpoint.route.pattern)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            let problem = try? JSONDecoder.provisioningAPI.decode(ProblemDetails.self, from: data)
            throw PassKitEmulationError(
                .sandboxRefused, "the sandbox refused \(endpoint.route.pattern) with status \(status)",
                problemType: problem?.type.slug ?? problem?.type.rawValue, status: status,
                requestId: problem?.requestId)
        }
        do {
            return try JSONDecoder.provisioningAPI.decode(Answer.self, from: data)
        } catch {
            throw PassKitEmulationError(
                .invalidResponse, "the sandbox's answer to \(endpoint.route.pattern) is not readable")
        }
    }
}
