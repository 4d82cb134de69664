import Foundation
import MastercardMDES
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningHTTP
import ProvisioningService

/// The sandbox's Mastercard network as the issuer's back end sees it: the MDES
/// Customer Service API v2 (`/mdes/csapi/v2/search`, `/token/suspend`,
/// `/token/unsuspend`, `/token/delete`, `/token/activate`, `/systemstatus`)
/// with Mastercard's paths and JSON, backed by the sandbox's token vault.
///
/// Every call must carry an OAuth 1.0a signature (RSA-SHA256, body hash) by
/// a consumer key an issuer registered (``IssuerDirectory/MDESRegistration``),
/// within five minutes of now and with a fresh nonce; a token is visible only
/// to its own issuer, and only Mastercard tokens are. Refusals are
/// `ErrorsResponse`s: 401 `AUTHENTICATION_FAILED`, 400
/// `MISSING_REQUIRED_FIELD`/`INVALID_FIELD_VALUE`/`INVALID_REQUEST`, 404
/// `TOKEN_NOT_FOUND`, 400 `INVALID_TOKEN_STATUS`.
///
/// Suspensions through this API are the issuer's (`I`); the vault keeps
/// every party's (``Suspensions``: MDES's rules for several suspenders, with
/// their Apple Pay exceptions) and `/search` answers them as `Suspenders`. A
/// change applies to the vault exactly as the sandbox's own lifecycle does,
/// and notifies the service the same way. Each call is written to the
/// ``MDESJournal``.
struct SandboxMDES: Sendable {
    /// Where the API is mounted on the sandbox's listener.
    static let basePath = "/mdes/csapi/v2"

    let issuers: IssuerDirectory
    let vault: NetworkTokenService
    let verifier: OAuthVerifier
    let journal: MDESJournal?
    /// `https` when the listener serves TLS: the scheme is part of the signed base string.
    let scheme: String
    let clock: @Sendable () -> Date

    init(
        issuers: IssuerDirectory, vault: NetworkTokenService, journal: MDESJournal?, scheme: String,
        clock: @escaping @Sendable () -> Date
    ) {
        self.issuers = issuers
        self.vault = vault
        self.journal = journal
        self.scheme = scheme
        self.clock = clock
        var consumers: [String: RSA.PublicKey] = [:]
        for entry in issuers.entries {
            if let mdes = entry.mdes { consumers[mdes.consumerKey] = mdes.signingPublicKey }
        }
        verifier = OAuthVerifier(consumers: consumers)
    }

    /// A refusal, as MDES answers it.
    struct Refusal: Error {
        var status: HTTPStatus
        var reason: String
        var source: String
        var description: String
    }

    func register(on router: inout Router) {
        router.group(Self.basePath) { router in
            for operation in MDESOperation.allCases {
                let method: HTTPMethod = operation == .systemStatus ? .get : .post
                router.on(method, operation.path) { request in
                    await answer(request, operation: operation)
                }
            }
        }
    }

    func answer(_ request: HTTPRequest, operation: MDESOperation) async -> HTTPResponse {
        var signature: MDESJournal.Entry.Signature?
        let result: Result<[UInt8], Refusal>
        do {
            let registration = try authenticate(request, signature: &signature)
            result = .success(try await perform(operation, body: request.body, issuer: registration))
        } catch let refusal as Refusal {
            result = .failure(refusal)
        } catch {
            result = .failure(
                Refusal(
                    status: .internalServerError, reason: "SYSTEM_ERROR", source: "System",
                    description: "The sandbox MDES could not process the request."))
        }
        let response: HTTPResponse
        switch result {
        case .success(let body):
            response = Self.json(body, status: .ok)
        case .failure(let refusal):
            let errors = MDESErrorsResponse([
                .init(
                    source: refusal.source, reasonCode: refusal.reason, description: refusal.description,
                    recoverable: refusal.status.code >= 500)
            ])
            response = Self.json((try? Self.encoder.encode(errors)).map(Array.init) ?? [], status: refusal.status)
        }
        journal?.append(
            MDESJournal.Entry(
                at: clock(), operation: operation.rawValue, method: request.method.rawValue,
                path: Self.basePath + operation.path, signature: signature, status: response.status.code,
                request: try? JSONValue(parsing: request.body), response: try? JSONValue(parsing: response.body)))
        return response
    }

    /// The registration of the request's consumer key, once its signature verified.
    private func authenticate(
        _ request: HTTPRequest, signature: inout MDESJournal.Entry.Signature?
    ) throws -> IssuerDirectory.Entry {
        let authorization = request.headers["Authorization"]
        let fields = (try? OAuthVerifier.parse(authorization)) ?? [:]
        var target = "\(scheme)://\(request.headers["Host"] ?? "127.0.0.1")\(request.path)"
        if !request.query.isEmpty {
            target +=
                "?"
                + request.query.items.map {
                    OAuthParameters.percentEncode($0.name) + "=" + OAuthParameters.percentEncode($0.value ?? "")
                }.joined(separator: "&")
        }
        signature = MDESJournal.Entry.Signature(
            method: fields["oauth_signature_method"] ?? "", consumerKey: fields["oauth_consumer_key"] ?? "",
            bodyHash: fields["oauth_body_hash"] ?? "", verified: false, url: target)
        do {
            guard let url = URL(string: target) else {
                throw MDESError(.authorizationMalformed, "the request URL cannot be rebuilt")
            }
            let consumerKey = try verifier.verify(
                authorization: authorization, method: request.method.rawValue, url: url, body: request.body,
                now: clock())
            guard let entry = issuers.entry(mdesConsumerKey: consumerKey) else {
                throw MDESError(.consumerUnknown, "the consumer key is not registered")
            }
            signature?.verified = true
            return entry
        } catch let error as MDESError {
            throw Refusal(
                status: .unauthorized, reason: MDESErrorReason.authenticationFailed, source: "Authorization",
                description: error.detail)
        }
    }

    private func perform(
        _ operation: MDESOperation, body: [UInt8], issuer: IssuerDirectory.Entry
    ) async throws -> [UInt8] {
        switch operation {
        case .systemStatus:
            return Array(
                try Self.encoder.encode(
                    MDESEnvelope(
                        operation.responseName,
                        MDESSystemStatusResponse(
                            commentText: "The sandbox's MDES is operational",
                            lastStatusDateTime: WireDate.string(from: clock())))))
        case .search:
            let request = try Self.decode(MDESSearchRequest.self, operation, body)
            try Self.check(request.auditInfo)
            let accounts = try await search(request.tokenUniqueReference, issuer: issuer)
            return Array(
                try Self.encoder.encode(
                    MDESEnvelope(operation.responseName, MDESSearchResponse(accounts: accounts))))
        case .suspend, .unsuspend, .delete, .activate:
            let request = try Self.decode(MDESTokenChangeRequest.self, operation, body)
            try Self.check(request.auditInfo)
            guard operation.reasonCodes.contains(request.reasonCode) else {
                throw Refusal(
                    status: .badRequest, reason: MDESErrorReason.invalidFieldValue, source: "ReasonCode",
                    description: "ReasonCode is not one of \(operation.reasonCodes.sorted().joined(separator: ", "))")
            }
            if let comment = request.commentText, comment.count > MDESTokenChangeRequest.commentLimit {
                throw Refusal(
                    status: .badRequest, reason: MDESErrorReason.invalidFieldValue, source: "CommentText",
                    description: "CommentText is longer than 500 characters")
            }
            try await change(operation, request, issuer: issuer)
            return Array(
                try Self.encoder.encode(
                    MDESEnvelope(
                        operation.responseName,
                        MDESSimpleTokenResponse(
                            token: .init(
                                tokenUniqueReference: request.tokenUniqueReference,
                                // Only when a comment was recorded, as the API says.
                                commentId: request.commentText.map { _ in
                                    String(Int(clock().timeIntervalSince1970 * 1000))
                                })))))
        }
    }

    /// The issuer's Mastercard token of that reference, or nil.
    private func vaultToken(_ reference: String, issuer: IssuerDirectory.Entry) async throws -> VaultToken? {
        guard (9...48).contains(reference.count),
            let token = try await vault.load(tokenId: reference, on: vault.database),
            token.issuerId == issuer.settings.id, token.network == "mastercard"
        else { return nil }
        return token
    }

    private func search(
        _ reference: String, issuer: IssuerDirectory.Entry
    ) async throws -> MDESSearchResponse.Accounts {
        guard let stored = try await vaultToken(reference, issuer: issuer),
            let token = try await vault.token(issuerId: stored.issuerId, tokenId: stored.id, scheme: .mastercard)
        else { return MDESSearchResponse.Accounts(account: []) }
        let (code, description) = Self.status(token.state)
        let device = token.device.map { device in
            MDESToken.Device(
                deviceId: device.id, deviceName: device.name, deviceType: device.type == .watch ? "03" : "09")
        }
        let found = MDESToken(
            tokenUniqueReference: stored.id, tokenSuffix: token.tokenSuffix,
            expirationDate: token.tokenExpiry.map { $0.replacingOccurrences(of: "/", with: "") },
            currentStatusCode: code, currentStatusDescription: description,
            currentStatusDateTime: WireDate.string(from: stored.lastEventAt), tokenRequestorId: token.tokenRequestorId,
            device: device,
            // Present only while the token is suspended, as the API says.
            suspenders: stored.suspenders.isEmpty ? nil : .init(suspender: stored.suspenders.map(\.rawValue)))
        return MDESSearchResponse.Accounts(account: [
            .init(accountPanSuffix: stored.panSuffix, expirationDate: nil, tokens: .init(token: [found]))
        ])
    }

    private func change(
        _ operation: MDESOperation, _ request: MDESTokenChangeRequest, issuer: IssuerDirectory.Entry
    ) async throws {
        guard let stored = try await vaultToken(request.tokenUniqueReference, issuer: issuer) else {
            throw Refusal(
                status: .notFound, reason: MDESErrorReason.tokenNotFound, source: "TokenUniqueReference",
                description: "No token with this reference")
        }
        let action: TokenLifecycleAction =
            switch operation {
            case .suspend: .suspend
            case .unsuspend: .resume
            case .delete: .delete
            default: .activate
            }
        do {
            // Each signed call is one operation: its id is the vault's idempotency key.
            _ = try await vault.changeTokenState(
                TokenStateChangeCommand(
                    issuerId: stored.issuerId, tokenId: stored.id, action: action,
                    tokenRequestorId: stored.tokenRequestorId,
                    idempotencyKey: "mdes:" + (try Identifiers.make()), scheme: .mastercard,
                    requestedBy: .backOffice))
        } catch let error as ServiceError where error.code == .networkRejected {
            throw Refusal(
                status: .badRequest, reason: MDESErrorReason.invalidTokenStatus, source: "TokenUniqueReference",
                description: "The token's status does not allow this action")
        } catch let error as ServiceError where error.code == .networkUnknownToken {
            throw Refusal(
                status: .notFound, reason: MDESErrorReason.tokenNotFound, source: "TokenUniqueReference",
                description: "No token with this reference")
        }
    }

    static func status(_ state: TokenState) -> (String, String) {
        switch state {
        case .active: ("A", "Active")
        case .suspended: ("S", "Suspended")
        case .deleted: ("D", "Deleted")
        case .inactive: ("U", "Unmapped")
        }
    }

    /// `AuditInfo`'s required members, within their lengths.
    static func check(_ audit: MDESAuditInfo) throws {
        let members: [(String, String, Int)] = [
            ("UserId", audit.userId, MDESAuditInfo.limits.userId),
            ("UserName", audit.userName, MDESAuditInfo.limits.userName),
            ("Organization", audit.organization, MDESAuditInfo.limits.organization),
        ]
        for (name, value, limit) in members where value.isEmpty || value.count > limit {
            throw Refusal(
                status: .badRequest, reason: MDESErrorReason.invalidFieldValue, source: "AuditInfo.\(name)",
                description: "AuditInfo.\(name) must have 1–\(limit) characters")
        }
    }

    static func decode<Message: Codable & Sendable>(
        _ type: Message.Type, _ operation: MDESOperation, _ body: [UInt8]
    ) throws -> Message {
        do {
            return try JSONDecoder().decode(MDESEnvelope<Message>.self, from: Data(body)).expecting(
                operation.requestName ?? "")
        } catch DecodingError.keyNotFound(let key, _) {
            throw Refusal(
                status: .badRequest, reason: MDESErrorReason.missingRequiredField, source: key.stringValue,
                description: "\(key.stringValue) is required")
        } catch {
            throw Refusal(
                status: .badRequest, reason: MDESErrorReason.invalidRequest, source: operation.requestName ?? "Body",
                description: "The body is not a \(operation.requestName ?? "request") message")
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func json(_ body: [UInt8], status: HTTPStatus) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers["Content-Type"] = "application/json"
        return HTTPResponse(status: status, headers: headers, body: body)
    }
}

extension Sandbox {
    /// Where the sandbox's MDES Customer Service API is mounted on its
    /// listener (an issuer's connector's base URL is the listener's root plus this).
    package static var mdesBasePath: String { SandboxMDES.basePath }
}
