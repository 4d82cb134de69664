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
///   who asked (``ProvisioningService/TokenChangeRequester``). It is sent once;
///   the token's state is then read with `/search` (under MDES's suspender
///   rules an unsuspend need not make a token active). When no answer came,
///   the connector reads the token before it reports the network
///   unavailable: a change that landed is not reported as failed.
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
    ///   loaded or is not an RSA key of 2048 bits or more.
    package init(issuer: IssuerSettings, mdes: MDESSettings, endpoint: MDESEndpoint) throws {
        func key(_ source: PEMSource, _ field: String) throws -> RSA.PrivateKey {
            do {
                let key = try RSA.PrivateKey(pemRepresentation: try source.load(field: field))
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
        tav = TokenizationAuthenticationValue.Signer(key: try key(mdes.tavKey, "mdes.tavKey"))
    }

    // MARK: TokenServiceConnector

    package func changeTokenState(_ command: TokenStateChangeCommand) async throws -> NetworkToken {
        let operation = MDESOperation(command.action)
        let request = MDESTokenChangeRequest(
            tokenUniqueReference: command.tokenId, commentText: command.reason ?? Self.comment(for: command),
            reasonCode: Self.reasonCode(for: command), auditInfo: auditInfo(command.requestedBy))
        let answer: MDESTransport.Answer
        do {
            answer = try await transport.send(
                .post, operation.path, body: try Self.encode(operation, request), repetition: .once)
        } catch let error as ServiceError where error.code == .networkUnavailable {
            // The change may have landed before the answer was lost.
            if let token = try? await token(
                issuerId: command.issuerId, tokenId: command.tokenId, scheme: command.scheme),
                token.state == command.action.targetState
            {
                return token
            }
            throw error
        }
        _ = try Self.decode(MDESSimpleTokenResponse.self, operation, answer)
        guard let token = try await token(issuerId: command.issuerId, tokenId: command.tokenId, scheme: command.scheme)
        else { throw ServiceError(.networkUnknownToken, "MDES does not find the token it just changed") }
        return token
    }

    package func token(issuerId: String, tokenId: String, scheme: CardScheme) async throws -> NetworkToken? {
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
        return try Self.networkToken(found, account: account, issuerId: issuerId, tokenId: tokenId)
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
