import Foundation
import ProvisioningAPI

#if canImport(PassKit)
import PassKit
#else
import PassKitEmulation
#endif

/// The SDK's async core: calls to the provisioning service and the activation
/// data the SDK keeps. ``TPCSDK``'s completion-handler API wraps it; apps that
/// use async/await can hold one directly.
///
/// ```swift
/// let client = TPCClient(configuration: try TPCConfiguration(url: url, issuerId: "bank-1"))
/// let state = try await client.updateTokenState(
///     tokenId: tokenId, tokenRequestorId: trid, scheme: .Visa, authorizationCode: code, action: .Suspend)
/// ```
///
/// Pass lookups (``TPCSDK/getToken(input:)``) are local and need no client.
public actor TPCClient {
    /// Where the client sends its requests.
    public let configuration: TPCConfiguration
    private let transport: ServiceTransport
    let activationData: ActivationDataStore

    /// A client for `configuration`, with `settings`' time limits and retries.
    public init(configuration: TPCConfiguration, settings: TPCSettings = TPCSettings()) {
        self.configuration = configuration
        transport = ServiceTransport(
            configuration: configuration, requestTimeout: settings.requestTimeout,
            idempotentRetries: settings.idempotentRetries)
        activationData = ActivationDataStore(directory: settings.activationDataDirectory)
    }

    /// The service's answer to a provisioning request, with its request id.
    public struct ProvisioningResult: Sendable {
        /// The fields of `PKAddPaymentPassRequest`.
        public var response: ApplePayProvisioningResponse
        /// The `X-Request-Id` of the exchange.
        public var requestId: String
    }

    /// Asks the service for Apple's encrypted pass data
    /// (`POST {base}/v1/issuers/{issuerId}/applepay/provisioning`). Never
    /// retried: the authorization code and Apple's nonce are single-use.
    ///
    /// - Throws: ``TPCError``: ``TPCError/Code/serverError`` with the problem
    ///   type (`authorization-code-expired`, `payload-undecryptable`,
    ///   `certificate-chain-invalid`, …), ``TPCError/Code/serviceUnavailable``,
    ///   ``TPCError/Code/timedOut``, ``TPCError/Code/invalidArgument``.
    public func requestPassData(
        scheme: CardScheme, auxiliaryScheme: CardScheme? = nil, productId: String? = nil, encryptedPayload: String,
        authorizationCode: String, certificateChain: [Data], nonce: Data, nonceSignature: Data,
        primaryAccountIdentifier: String? = nil
    ) async throws(TPCError) -> ProvisioningResult {
        let input = ProvisioningInput(
            scheme: scheme.schemeName, auxiliaryScheme: auxiliaryScheme?.schemeName, productId: productId,
            encryptedPayload: encryptedPayload, authorizationCode: authorizationCode,
            primaryAccountIdentifier: primaryAccountIdentifier)
        return try await requestPassData(
            input, certificateChain: certificateChain, nonce: nonce, nonceSignature: nonceSignature,
            encryptionScheme: .eccV2)
    }

    func requestPassData(
        _ input: ProvisioningInput, certificateChain: [Data], nonce: Data, nonceSignature: Data,
        encryptionScheme: PassEncryptionScheme
    ) async throws(TPCError) -> ProvisioningResult {
        try input.validate()
        guard !certificateChain.isEmpty, !nonce.isEmpty, !nonceSignature.isEmpty else {
            throw TPCError(.invalidArgument, "Wallet's certificate chain, nonce or nonce signature is empty")
        }
        let body = ApplePayProvisioningRequest(
            scheme: input.scheme, productId: input.productId, auxiliaryScheme: input.auxiliaryScheme,
            encryptedPayload: input.encryptedPayload, authorizationCode: input.authorizationCode,
            certificateChain: certificateChain, nonce: nonce, nonceSignature: nonceSignature,
            primaryAccountIdentifier: input.primaryAccountIdentifier, encryptionScheme: encryptionScheme)
        let reply = try await transport.send(
            try endpoint { () throws(ProvisioningAPIError) in try APIPaths.provisioning(issuerId: issuerId) },
            body: body, expecting: ApplePayProvisioningResponse.self)
        return ProvisioningResult(response: reply.body, requestId: reply.requestId)
    }

    /// Asks the service to activate, suspend, resume or delete a token
    /// (`POST {base}/v1/issuers/{issuerId}/tokens/{tokenId}/state`). Never
    /// retried: the code is single-use.
    ///
    /// - Parameters:
    ///   - tokenId: the pass's `deviceAccountIdentifier`.
    ///   - tokenRequestorId: the token requestor (Apple Pay's identifier).
    ///   - scheme: the card's network, as the service names it (`"VISA"`…).
    ///   - authorizationCode: a code with the action's scope, bound to the token.
    ///   - action: what to do.
    ///   - requestId: sent as `X-Request-Id`; a new one when `nil`.
    /// - Returns: the token's state after the change.
    /// - Throws: ``TPCError``; an action the token's state does not allow is a
    ///   ``TPCError/Code/serverError`` with code `…:illegal-transition`.
    public func updateTokenState(
        tokenId: String, tokenRequestorId: String, scheme: String, authorizationCode: String, action: TokenState,
        requestId: String? = nil
    ) async throws(TPCError) -> Token.State {
        guard !tokenId.isEmpty else { throw TPCError(.invalidArgument, "the token id is empty") }
        guard !authorizationCode.isEmpty else { throw TPCError(.invalidArgument, "the authorization code is empty") }
        let trimmed = scheme.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw TPCError(.invalidArgument, "the scheme is empty") }
        let body = TokenStateChangeRequest(
            action: action.lifecycleAction, tokenRequestorId: tokenRequestorId, scheme: CardSchemeName(trimmed),
            authorizationCode: authorizationCode)
        let reply = try await transport.send(
            try endpoint { () throws(ProvisioningAPIError) in
                try APIPaths.tokenState(issuerId: issuerId, tokenId: tokenId)
            },
            body: body, requestId: requestId, expecting: TokenStateChangeResponse.self)
        return Token.State(reply.body.state)
    }

    /// Every token of a card at the service
    /// (`GET {base}/v1/issuers/{issuerId}/cards/{cardRef}/tokens`), newest
    /// first, deleted ones included; ``Token/location`` is not set here (see
    /// ``TPCSDK/getTokens(card:)``).
    ///
    /// - Throws: ``TPCError`` ``TPCError/Code/invalidArgument`` when the card
    ///   has no authorization code; server errors as for every call.
    func cardTokens(_ card: TPCCard) async throws(TPCError) -> [TokenInfo] {
        guard let code = card.authorizationCode, !code.isEmpty else {
            throw TPCError(.invalidArgument, "listing tokens needs a tokens:read authorization code on the card")
        }
        let reference = card.cardReference
        let reply = try await transport.send(
            try endpoint { () throws(ProvisioningAPIError) in
                try APIPaths.cardTokens(issuerId: issuerId, cardRef: reference)
            },
            authorization: code, expecting: CardTokensResponse.self)
        return reply.body.tokens
    }

    private var issuerId: String { configuration.issuerId }

    private func endpoint(
        _ build: () throws(ProvisioningAPIError) -> APIEndpoint
    ) throws(TPCError) -> APIEndpoint {
        do {
            return try build()
        } catch {
            throw TPCError(.invalidArgument, "an identifier cannot be used in a request path")
        }
    }
}
