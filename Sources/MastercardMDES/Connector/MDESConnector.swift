import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningHTTP
import ProvisioningService

/// The service's connector to Mastercard's MDES for one issuer: token
/// lifecycle through the Customer Service API v2, every call signed with
/// OAuth 1.0a (RSA-SHA256, body hash), and the TAV returned with Apple's pass
/// data for the issuer's Mastercard cards.
///
/// - A change (`/token/suspend`, `/token/unsuspend`, `/token/delete`,
///   `/token/activate`) carries the token's reference, a published reason
///   code, the back office's reason as `CommentText`, and an `AuditInfo` naming
///   who asked (``ProvisioningService/TokenChangeRequester``). It is sent once
///   (the API takes no idempotency key, so the connector declares its changes
///   not idempotent and the service does not repeat them); the token's state is
///   then read with `/search` (under MDES's suspender rules an unsuspend need
///   not make a token active). When no answer came, or one that does not say
///   what happened (5xx, 429), the connector reads the token before it reports
///   the network unavailable: a change that landed is not reported as failed.
/// - ``token(issuerId:tokenId:scheme:)`` is a `/search` by
///   `TokenUniqueReference`, retried up to three times.
/// - `ErrorsResponse` becomes a ``ProvisioningService/ServiceError``:
///   `network-unknown-token`, `network-rejected` or `network-unavailable`,
///   with Mastercard's reason code in the detail.
///
/// No PAN or token number is sent or logged: searches and changes go by
/// token reference.
///
/// ```swift
/// let connector = try MDESConnector(
///     issuer: settings, mdes: mdesSettings, endpoint: MDESEndpoint(baseURL: mdesSettings.baseURL!))
/// let token = try await connector.token(issuerId: "bank-1", tokenId: reference, scheme: .mastercard)
/// ```
package struct MDESConnector: TokenServiceConnector {
    let issuerId: String
    let organization: String
    let transport: MDESTransport
    let tav: TokenizationAuthenticationValue.Signer

    /// - Throws: ``MDESError`` `keyUnusable` when a key in `mdes` cannot be
    ///   loaded (a PEM, or a PKCS #12 file with the password in its
    ///   environment variable) or is not an RSA key of 2048 bits or more.
    ///
    /// `environment` holds a PKCS #12 signing key's password variable (the
    /// process's environment by default).
    package init(
        issuer: IssuerSettings, mdes: MDESSettings, endpoint: MDESEndpoint,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        func key(_ source: MDESSigningKeySource, _ field: String) throws -> RSA.PrivateKey {
            do {
                let key = try source.privateKey(field: field, environment: environment)
                guard key.keySizeInBits >= 2048 else {
                    throw MDESError(.keyUnusable, "\(field) is shorter than 2048 bits")
                }
                return key
            } catch let error as MDESError {
                throw error
            } catch {
                throw MDESError(.keyUnusable, "\(field) is not a readable RSA private key")
            }
        }
        issuerId = issuer.id
        organization = issuer.name
        transport = MDESTransport(
            endpoint: endpoint,
            signer: OAuthSigner(consumerKey: mdes.consumerKey, signingKey: try key(mdes.signingKey, "mdes.signingKey")),
            timeout: .seconds(mdes.timeoutSeconds))
        tav = TokenizationAuthenticationValue.Signer(key: try key(.pem(mdes.tavKey), "mdes.tavKey"))
    }

    // MARK: TokenServiceConnector

    package func changeTokenState(_ command: TokenStateChangeCommand) async throws -> NetworkToken {
        let operation = MDESOperation(command.action)
        let request = MDESTokenChangeRequest(
            tokenUniqueReference: command.tokenId, commentText: command.reason ?? Self.comment(for: command),
            reasonCode: Self.reasonCode(for: command), auditInfo: auditInfo(command.requestedBy))
        do {
            let answer = try await transport.send(
                .post, operation.path, body: try Self.encode(operation, request), repetition: .once)
            _ = try Self.decode(MDESSimpleTokenResponse.self, operation, answer)
        } catch let error as ServiceError where error.code == .networkUnavailable {
            // No answer, or one that does not say what happened (a 5xx, a 429,
            // an unreadable 200): the change may have landed. What MDES now
            // holds decides, since the change is never sent again.
            if let (token, suspenders) = try? await search(issuerId: command.issuerId, tokenId: command.tokenId),
                Self.landed(command.action, state: token.state, suspenders: suspenders)
            {
                return token
            }
            throw error
        }
        guard let (token, _) = try await search(issuerId: command.issuerId, tokenId: command.tokenId) else {
            throw ServiceError(.networkUnknownToken, "MDES does not find the token it just changed")
        }
        return token
    }

    /// MDES's Customer Service API takes no idempotency key: a repeated
    /// `/token/suspend` would be a second suspension. The connector sends a
    /// change once and reads the token when the answer is lost; the service
    /// must not repeat it.
    package func changesAreIdempotent(_ command: TokenStateChangeCommand) -> Bool { false }

    package func token(issuerId: String, tokenId: String, scheme: CardScheme) async throws -> NetworkToken? {
        try await search(issuerId: issuerId, tokenId: tokenId)?.token
    }

    /// `/search` by reference: the token and its `Suspenders` (nil when MDES
    /// names none), or nil when MDES does not find it.
    func search(issuerId: String, tokenId: String) async throws -> (token: NetworkToken, suspenders: [String]?)? {
        let request = MDESSearchRequest(tokenUniqueReference: tokenId, auditInfo: auditInfo(.network))
        let answer = try await transport.send(
            .post, MDESOperation.search.path, body: try Self.encode(.search, request), repetition: .idempotent)
        let response: MDESSearchResponse
        do {
            response = try Self.decode(MDESSearchResponse.self, .search, answer)
        } catch let error as ServiceError where error.code == .networkUnknownToken {
            return nil
        }
        guard let (account, found) = response.allTokens.first(where: { $0.token.tokenUniqueReference == tokenId })
        else { return nil }
        return (
            try Self.networkToken(found, account: account, issuerId: issuerId, tokenId: tokenId),
            found.suspenders?.suspender
        )
    }

    /// Whether a token MDES reports in `state`, held by `suspenders`, shows
    /// that the issuer's `action` took effect.
    ///
    /// The state alone cannot say for a suspension: a token the cardholder
    /// suspended is suspended whether or not the issuer joined, so a suspend
    /// landed when the issuer (`I`) is among the suspenders. An unsuspend lifts
    /// the issuer's suspension and overrides the cardholder's (`C`, Apple
    /// Pay): it landed when neither remains, though a third party may still
    /// hold the token. Without `Suspenders`, the state decides.
    static func landed(_ action: TokenLifecycleAction, state: TokenState, suspenders: [String]?) -> Bool {
        switch action {
        case .suspend:
            guard state == .suspended else { return false }
            return suspenders.map { $0.contains("I") } ?? true
        case .resume:
            if state == .active { return true }
            guard state == .suspended, let suspenders else { return false }
            return !suspenders.contains("I") && !suspenders.contains("C")
        case .activate, .delete:
            return state == action.targetState
        }
    }

    package func activationData(for request: ActivationDataRequest) throws -> IssuedActivationData {
        do {
            let value = try tav.make(
                accountNumber: request.card.pan, expiration: request.card.expiration, now: request.now)
            return IssuedActivationData(
                bytes: value.bytes,
                provisioningId: try TokenizationAuthenticationValue.provisioningId(
                    tav: value.bytes, nonce: request.nonce))
        } catch {
            throw ServiceError(.internal, "the TAV could not be made")
        }
    }

    // MARK: Messages

    /// What MDES records as the caller. The cardholder acts through the
    /// issuer's app, so it is the issuer's organization either way.
    func auditInfo(_ requester: TokenChangeRequester) -> MDESAuditInfo {
        let name =
            switch requester {
            case .issuerApp: "Cardholder via issuer app"
            case .backOffice: "Issuer back office"
            case .network: "Issuer token service"
            }
        return MDESAuditInfo(userId: "tpc-\(requester.rawValue)", userName: name, organization: organization)
    }

    /// `Z` (other) for changes, as neither the app nor the back office says
    /// why in Mastercard's terms; activation after the issuer's own ID&V is
    /// `A` from the app (the cardholder authenticated), `C` from the back office.
    static func reasonCode(for command: TokenStateChangeCommand) -> String {
        switch command.action {
        case .activate: command.requestedBy == .backOffice ? "C" : "A"
        case .suspend, .resume, .delete: "Z"
        }
    }

    static func comment(for command: TokenStateChangeCommand) -> String {
        "\(command.action) requested by \(command.requestedBy.rawValue)"
    }

    static func encode<Message: Codable & Sendable>(_ operation: MDESOperation, _ message: Message) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(MDESEnvelope(operation.requestName ?? "", message)))
    }

    /// The message of a 200 answer, or the ``ProvisioningService/ServiceError`` an error answer stands for.
    static func decode<Message: Codable & Sendable>(
        _ type: Message.Type, _ operation: MDESOperation, _ answer: MDESTransport.Answer
    ) throws -> Message {
        if answer.status == 200,
            let envelope = try? JSONDecoder().decode(MDESEnvelope<Message>.self, from: Data(answer.body)),
            let message = try? envelope.expecting(operation.responseName)
        {
            return message
        }
        let reason = (try? JSONDecoder().decode(MDESErrorsResponse.self, from: Data(answer.body)))?.first?.reasonCode
        let said = reason.map { " (MDES reason \($0.prefix(64)))" } ?? ""
        switch (answer.status, reason) {
        case (200, _):
            throw ServiceError(
                .networkUnavailable, "MDES answered \(operation.path) with an unreadable \(operation.responseName)")
        case (_, MDESErrorReason.tokenNotFound?), (404, _):
            throw ServiceError(.networkUnknownToken, "MDES does not know the token\(said)")
        case (500..., _), (429, _):
            throw ServiceError(.networkUnavailable, "MDES answered \(answer.status)\(said)")
        default:
            throw ServiceError(.networkRejected, "MDES refused \(operation.path) with \(answer.status)\(said)")
        }
    }

    static func networkToken(
        _ token: MDESToken, account: MDESSearchResponse.Account, issuerId: String, tokenId: String
    ) throws -> NetworkToken {
        let state: TokenState
        switch token.currentStatusCode {
        case "A": state = .active
        case "S": state = .suspended
        case "D": state = .deleted
        case "U": state = .inactive
        default: throw ServiceError(.networkUnavailable, "MDES reported a token status the connector does not know")
        }
        let device = token.device.flatMap { device -> DeviceInfo? in
            guard let id = device.deviceId else { return nil }
            let watch: Set<String> = ["03", "18", "19", "23"]
            return DeviceInfo(
                id: id, name: device.deviceName ?? "",
                type: watch.contains(device.deviceType ?? "") ? .watch : .phone)
        }
        return NetworkToken(
            issuerId: issuerId, tokenId: tokenId, state: state, tokenRequestorId: token.tokenRequestorId ?? "",
            tokenSuffix: token.tokenSuffix, tokenExpiry: token.expirationDate.flatMap(Self.slashed),
            panSuffix: account.accountPanSuffix, device: device)
    }

    /// `MMYY` as `MM/YY`.
    static func slashed(_ mmyy: String) -> String? {
        guard mmyy.count == 4, mmyy.allSatisfy(\.isNumber) else { return nil }
        return "\(mmyy.prefix(2))/\(mmyy.suffix(2))"
    }
}
