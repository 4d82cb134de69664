import Foundation
import ProvisioningHTTP
import ProvisioningAPI
import ProvisioningStorage

/// The provisioning service as an HTTP application: every issuer, network,
/// back-office and operations route of ``ProvisioningAPI/APIRoute/all`` except
/// the sandbox's, mounted on an ``HTTPServer/Router``.
///
/// API routes hang under ``ServiceSettings/basePath`` (default `/mg/tpc`);
/// `/healthz`, `/readyz`, `/metrics` and `/openapi.json` answer there and at
/// the root. Every
/// error is answered as a ``ProvisioningAPI/ProblemDetails`` document with a
/// stable `type` and the request id.
///
/// ```swift
/// let database = try await Database.open(url: "sqlite:tpc.sqlite")
/// try await Migrator(ProvisioningServiceApp.migrations).migrate(database)
/// let app = try ProvisioningServiceApp(
///     configuration: configuration, database: database, connector: network, chainTrust: try .production())
/// var router = Router()
/// app.register(on: &router)
/// let server = HTTPServer(configuration: .init(port: 8080), router: router, observers: app.observers)
/// try server.start()
/// ```
package final class ProvisioningServiceApp: Sendable {
    /// The configuration the service runs with.
    package let configuration: IssuerConfiguration
    /// The service's metrics, rendered at `/metrics`.
    package let metrics: ServiceMetrics
    let context: ServiceContext
    /// The networks' wallet side; `nil` answers wallet calls with 503.
    let walletNetwork: (any WalletTokenService)?
    private let openAPIDocument: [UInt8]
    /// The certificates `/readyz` follows (the pinned roots, the payload certificates).
    package let selfCheck: ServiceSelfCheck

    /// The migrations of the service's tables: versions 1–99 and the issuer
    /// wallet's 200–249 (``WalletMigrations``).
    package static var migrations: [Migration] { ServiceMigrations.all + WalletMigrations.all }

    /// Builds the service.
    ///
    /// - Parameters:
    ///   - configuration: issuers and service settings; every key and secret is loaded now.
    ///   - database: a migrated database (see ``migrations``).
    ///   - connector: the card networks' token services.
    ///   - chainTrust: the roots and policy Apple's certificate chains are verified against.
    ///   - walletNetwork: the networks' side of the issuer wallet; by default
    ///     `connector`, when it also conforms to ``WalletTokenService``.
    ///   - metrics: where series are recorded; a new registry by default.
    ///   - clock: the current time, replaceable in tests.
    ///   - logSink: receives one record per outcome; never card data, codes, nonces or keys.
    /// - Throws: ``ConfigurationError`` when an issuer's keys or secrets cannot be loaded,
    ///   ``MetricsError`` when the metrics cannot be registered.
    package init(
        configuration: IssuerConfiguration, database: any SQLDatabase, connector: any TokenServiceConnector,
        chainTrust: ChainTrust, walletNetwork: (any WalletTokenService)? = nil, metrics: ServiceMetrics? = nil,
        clock: @escaping @Sendable () -> Date = { Date() }, logSink: @escaping LogSink = { _ in }
    ) throws {
        try configuration.validate()
        var issuers: [String: Issuer] = [:]
        for settings in configuration.issuers { issuers[settings.id] = try Issuer(settings: settings) }
        let metrics = try metrics ?? ServiceMetrics()
        self.configuration = configuration
        self.metrics = metrics
        self.context = ServiceContext(
            settings: configuration.service, issuers: issuers, database: database,
            codeVerifier: AuthorizationCodeVerifier(
                audience: configuration.service.audience,
                maximumLifetime: TimeInterval(configuration.service.authorizationCodeMaxLifetimeSeconds)),
            chainValidator: ApplePayChainValidator(trust: chainTrust), connector: connector, metrics: metrics,
            log: ServiceLog(sink: logSink, clock: clock), clock: clock)
        self.walletNetwork = walletNetwork ?? (connector as? any WalletTokenService)
        self.openAPIDocument = Array(OpenAPIDocument.data())
        self.selfCheck = ServiceSelfCheck(pinnedRoots: chainTrust.roots, issuers: Array(issuers.values))
    }

    /// The issuers served, by id.
    package var issuers: [String: Issuer] { context.issuers }

    /// The server hooks that feed the request metrics and the access log.
    package var observers: HTTPServerObservers {
        let metrics = self.metrics
        let log = context.log
        return HTTPServerObservers(
            accessLog: { record in
                log.info(
                    "http.request",
                    [
                        "requestId": record.requestID, "method": record.method.rawValue,
                        "route": record.routePattern ?? "unmatched", "status": String(record.status.code),
                        "ms": String(Int(record.duration / .milliseconds(1))),
                    ])
            },
            requestCompleted: { record in
                metrics.observeRequest(
                    route: record.routePattern, method: record.method.rawValue, status: record.status.code,
                    duration: record.duration)
            },
            diagnostics: { message in log.warning("http.diagnostic", ["message": message]) })
    }

    /// Mounts every service route: API routes under the base path, operations
    /// routes at the root. The sandbox mounts its own routes.
    package func register(on router: inout Router) {
        let base = configuration.service.basePath
        let provisioning = ApplePayProvisioning(context: context)
        let lifecycle = TokenLifecycle(context: context)
        let receiver = NotificationReceiver(context: context)
        let backOffice = BackOffice(context: context, lifecycle: lifecycle)
        let context = self.context

        route(&router, .provision, base: base) { request in
            let issuerId = try request.pathParameters.require("issuerId")
            do {
                _ = try context.issuer(issuerId)
                let body =
                    try ProvisioningRequestReader.read(request.body)
                    ?? RequestBody.decode(ApplePayProvisioningRequest.self, from: request.body)
                let response = try await provisioning.provision(
                    issuerId: issuerId, request: body, requestId: request.requestID)
                context.metrics.observeProvisioning(outcome: "success")
                context.log.info(
                    "provisioning.succeeded",
                    ["requestId": request.requestID, "issuer": issuerId, "provisioningId": response.provisioningId])
                return try ProvisioningResponseBody.response(response)
            } catch {
                let problem = Self.serviceError(for: error, log: context.log, requestId: request.requestID)
                context.metrics.observeProvisioning(outcome: problem.code.rawValue)
                throw problem
            }
        }
        route(&router, .tokenState, base: base) { request in
            _ = try context.issuer(try request.pathParameters.require("issuerId"))
            let body = try RequestBody.decode(TokenStateChangeRequest.self, from: request.body)
            let response = try await lifecycle.changeState(
                issuerId: try request.pathParameters.require("issuerId"),
                tokenId: try request.pathParameters.require("tokenId"), request: body, requestId: request.requestID)
            return try .json(response, encoder: .provisioningAPI)
        }
        route(&router, .cardTokens, base: base) { request in
            let response = try await lifecycle.cardTokens(
                issuerId: try request.pathParameters.require("issuerId"),
                cardRef: try request.pathParameters.require("cardRef"),
                authorization: request.headers[APIHeaders.authorization])
            return try .json(response, encoder: .provisioningAPI)
        }
        route(&router, .networkNotification, base: base) { request in
            let receipt = try await receiver.receive(
                body: request.body, signatureHeader: request.headers[APIHeaders.notificationSignature],
                requestId: request.requestID)
            return try .json(receipt, status: .accepted, encoder: .provisioningAPI)
        }
        route(&router, .backOfficeTokens, base: base) { request in
            let issuer = try backOffice.authenticate(
                issuerId: try request.pathParameters.require("issuerId"),
                authorization: request.headers[APIHeaders.authorization])
            let query = try Self.query(request) { items throws(ProvisioningAPIError) in
                try TokenSearchQuery(queryItems: items)
            }
            return try .json(try await backOffice.searchTokens(issuer: issuer, query: query), encoder: .provisioningAPI)
        }
        route(&router, .backOfficeAudit, base: base) { request in
            let issuer = try backOffice.authenticate(
                issuerId: try request.pathParameters.require("issuerId"),
                authorization: request.headers[APIHeaders.authorization])
            let query = try Self.query(request) { items throws(ProvisioningAPIError) in
                try AuditQuery(queryItems: items)
            }
            return try .json(try await backOffice.auditEvents(issuer: issuer, query: query), encoder: .provisioningAPI)
        }
        route(&router, .backOfficeTokenState, base: base) { request in
            let issuer = try backOffice.authenticate(
                issuerId: try request.pathParameters.require("issuerId"),
                authorization: request.headers[APIHeaders.authorization])
            let body = try RequestBody.decode(BackOfficeTokenStateChangeRequest.self, from: request.body)
            let response = try await backOffice.changeState(
                issuer: issuer, tokenId: try request.pathParameters.require("tokenId"), request: body,
                requestId: request.requestID)
            return try .json(response, encoder: .provisioningAPI)
        }
        registerWallet(on: &router, base: base)
        registerOperations(on: &router)
    }

    /// Mounts `/healthz`, `/readyz`, `/metrics` and `/openapi.json` alone on
    /// `router`: what ``register(on:)`` mounts beside the API, and all an
    /// operations listener of its own serves (`tpc serve --operations-port`).
    package func registerOperations(on router: inout Router) {
        // The operational routes answer under the base path, where the OpenAPI
        // document (whose paths are relative to it) puts them, and at the root,
        // where probes and scrapers of a deployment look for them.
        let base = configuration.service.basePath
        for prefix in base.isEmpty ? [""] : ["", base] {
            registerOperations(on: &router, base: prefix)
        }
    }

    /// `/healthz`, `/readyz`, `/metrics` and `/openapi.json` under `base`.
    private func registerOperations(on router: inout Router, base: String) {
        let context = self.context
        route(&router, .health, base: base) { _ in
            try .json(HealthResponse(status: .up), encoder: .provisioningAPI)
        }
        let selfCheck = self.selfCheck
        route(&router, .readiness, base: base) { _ in
            do {
                _ = try await context.database.query("SELECT 1")
            } catch {
                throw ServiceError(.serviceUnavailable, "the database is not reachable")
            }
            // Loaded once at start; only time can make one of them unusable.
            let certificates = selfCheck.certificateReadiness(now: context.clock())
            if certificates.status != .up {
                throw ServiceError(.serviceUnavailable, certificates.detail ?? "a certificate is not valid now")
            }
            return try .json(
                ReadinessResponse(checks: [ReadinessCheck(name: "database", status: .up), certificates]),
                encoder: .provisioningAPI)
        }
        let metrics = self.metrics
        route(&router, .metrics, base: base) { _ in
            metrics.observeDatabase(context.database)
            return HTTPResponse(
                status: .ok, headers: ["Content-Type": MetricsRegistry.contentType],
                body: Array(metrics.registry.render().utf8))
        }
        let document = openAPIDocument
        route(&router, .openAPI, base: base) { _ in
            HTTPResponse(status: .ok, headers: ["Content-Type": APIHeaders.jsonMediaType], body: document)
        }
    }

    /// Whether a `Content-Type` names JSON (`application/json`, `…+json`, any
    /// parameters): "json" anywhere, ASCII case-insensitively as media types
    /// compare — without `String.contains`, which went through `NSString` on
    /// every request.
    static func namesJSON(_ contentType: String) -> Bool {
        let bytes = Array(contentType.utf8)
        let json: [UInt8] = Array("json".utf8)
        guard bytes.count >= json.count else { return false }
        for start in 0...(bytes.count - json.count) {
            var matches = true
            for offset in 0..<json.count where bytes[start + offset] | 0x20 != json[offset] {
                matches = false
                break
            }
            if matches { return true }
        }
        return false
    }

    /// Registers one route with the shared error handling.
    func route(
        _ router: inout Router, _ route: APIRoute, base: String,
        handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) {
        let log = context.log
        router.on(route.method, base + route.pattern) { request in
            if request.method == .post, let type = request.headers[APIHeaders.contentType], !Self.namesJSON(type) {
                return Self.problemResponse(
                    ProvisioningAPI.ProblemDetails(.unsupportedMediaType, detail: "send application/json"),
                    request: request)
            }
            do {
                return try await handler(request)
            } catch {
                let problem = Self.serviceError(for: error, log: log, requestId: request.requestID)
                log.info(
                    "request.refused",
                    [
                        "requestId": request.requestID, "route": route.operationId, "problem": problem.code.rawValue,
                        "status": String(problem.status),
                    ])
                return Self.problemResponse(
                    problem.problem(requestId: request.requestID, instance: request.path), request: request)
            }
        }
    }

    static func query<Query>(
        _ request: HTTPRequest, _ parse: ([URLQueryItem]) throws(ProvisioningAPIError) -> Query
    ) throws(ServiceError) -> Query {
        do {
            return try parse(request.query.items.map { URLQueryItem(name: $0.name, value: $0.value) })
        } catch {
            throw ServiceError(.invalidField, "a query parameter is invalid")
        }
    }

    /// Maps any error of an operation to a ``ServiceError``: temporary storage
    /// failures (``Storage/StorageError/isTemporary``: an outage, a full pool or
    /// server, a pooler's lost prepared statement) to 503, unexpected errors to
    /// 500 (logged by type only).
    static func serviceError(for error: any Error, log: ServiceLog, requestId: String) -> ServiceError {
        switch error {
        case let error as ServiceError:
            return error
        case let error as StorageError where error.isTemporary:
            log.error(
                "storage.unavailable",
                ["requestId": requestId, "code": error.code.rawValue, "sqlState": error.sqlState ?? "none"])
            return ServiceError(.serviceUnavailable, "the database is unavailable; retry later")
        case let error as HTTPError:
            return ServiceError(.invalidField, "the request is invalid", status: error.status.code)
        default:
            log.error("request.failed", ["requestId": requestId, "error": String(describing: type(of: error))])
            return ServiceError(.internal, "the server could not complete the request")
        }
    }

    /// Seconds a client is told to wait (`Retry-After`) before retrying a 503.
    static let retryAfterSeconds = 1

    static func problemResponse(_ problem: ProvisioningAPI.ProblemDetails, request: HTTPRequest) -> HTTPResponse {
        var problem = problem
        problem.requestId = request.requestID
        problem.instance = problem.instance ?? request.path
        let body = (try? JSONEncoder.provisioningAPI.encode(problem)).map(Array.init) ?? Array("{}".utf8)
        var headers: HTTPHeaders = ["Content-Type": ProvisioningAPI.ProblemDetails.contentType]
        // A 503 is an outage of a dependency, worth retrying shortly.
        if problem.status == 503 { headers[APIHeaders.retryAfter] = String(retryAfterSeconds) }
        return HTTPResponse(status: HTTPStatus(problem.status), headers: headers, body: body)
    }
}
