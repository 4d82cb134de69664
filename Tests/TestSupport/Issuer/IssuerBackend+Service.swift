import Foundation
import ProvisioningAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The calls an issuer's backend and app make to the service, over URLSession.
extension IssuerBackend {
    /// The documented test cards, as the running sandbox lists them.
    package func testCards() async throws -> [SandboxTestCard] {
        let answer: SandboxTestCardsResponse = try await send(APIEndpoint(route: .sandboxTestCards), body: nil)
        return answer.cards
    }

    /// A single-brand test card with `outcome`.
    package func card(_ outcome: SandboxCardOutcome, scheme: CardSchemeName = .visa) async throws -> SandboxTestCard {
        guard let card = Self.singleBrand(try await testCards(), outcome: outcome, scheme: scheme) else {
            throw TestSupportError(.service, "the sandbox lists no \(scheme) card with outcome \(outcome)")
        }
        return card
    }

    /// The sandbox's single-brand test card with this scheme and outcome, as a
    /// card the bank holds under `reference` for Ada Lovelace.
    package static func testCard(
        _ outcome: SandboxCardOutcome, scheme: CardSchemeName = .visa, sandbox: URL, reference: String
    ) async throws -> TestCard {
        guard let url = try APIPaths.sandboxTestCards().url(relativeTo: sandbox) else {
            throw TestSupportError(.service, "bad sandbox URL")
        }
        let (data, _) = try await URLSession.shared.data(from: url)
        let cards = try JSONDecoder.provisioningAPI.decode(SandboxTestCardsResponse.self, from: data).cards
        guard let card = singleBrand(cards, outcome: outcome, scheme: scheme) else {
            throw TestSupportError(.service, "no \(scheme) \(outcome) test card")
        }
        return TestCard(
            pan: card.pan, expiry: card.expiry, scheme: scheme, cardholderName: "Ada Lovelace", reference: reference)
    }

    private static func singleBrand(
        _ cards: [SandboxTestCard], outcome: SandboxCardOutcome, scheme: CardSchemeName
    ) -> SandboxTestCard? {
        cards.first { $0.outcome == outcome && $0.scheme == scheme && $0.auxiliaryScheme == nil }
    }

    /// The service's provisioning call (what the SDK makes inside the sheet's
    /// delegate).
    package func provision(_ request: ApplePayProvisioningRequest) async throws -> ApplePayProvisioningResponse {
        try await send(try APIPaths.provisioning(issuerId: issuerId), body: request)
    }

    /// Changes a token's state at the service with a fresh code, as the
    /// issuer's app would.
    package func changeTokenState(tokenId: String, action: TokenLifecycleAction, scheme: CardSchemeName) async throws {
        let scope: String
        switch action {
        case .activate: scope = "token:activate"
        case .suspend: scope = "token:suspend"
        case .resume: scope = "token:resume"
        case .delete: scope = "token:delete"
        }
        let request = TokenStateChangeRequest(
            action: action, tokenRequestorId: tokenRequestorId, scheme: scheme,
            authorizationCode: try code(scope: scope, tokenId: tokenId))
        let _: TokenStateChangeResponse = try await send(
            try APIPaths.tokenState(issuerId: issuerId, tokenId: tokenId), body: request)
    }

    private func send<Answer: Decodable>(_ endpoint: APIEndpoint, body: (any Encodable)?) async throws -> Answer {
        guard let baseURL, let url = endpoint.url(relativeTo: baseURL) else {
            throw TestSupportError(.service, "no service URL for \(endpoint)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = endpoint.method.rawValue
        if let body {
            request.httpBody = try JSONEncoder.provisioningAPI.encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            let problem = try? JSONDecoder.provisioningAPI.decode(ProblemDetails.self, from: data)
            throw TestSupportError(.service, "\(endpoint) answered \(status) \(problem?.type.rawValue ?? "")")
        }
        return try JSONDecoder.provisioningAPI.decode(Answer.self, from: data)
    }
}
