import Foundation
import ProvisioningAPI
import ProvisioningHTTP
import ProvisioningStorage

/// The provisioning service as an HTTP application: every issuer, network,
/// back-office and operations route of ``ProvisioningAPI/APIRoute/all`` except
/// the sandbox's, mounted on a ``ProvisioningHTTP/Router``.
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

    /// The migrations of the service's tables: the ``SchemaComponent/service``
    /// and ``SchemaComponent/wallet`` components.
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
    /// - Throws: ``ServiceError`` when an issuer's keys or secrets cannot be loaded,
    ///   ``ServiceError`` when the metrics cannot be registered.
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

    /// The server hooks through which every request's outcome is recorded: the
    /// access log (with the problem `type` of a refusal), the request and
    /// provisioning metrics, and a log line for each unexpected failure (its
    /// type and code, never its text).
    package var observers: HTTPServerObservers {
        let metrics = self.metrics
        let log = context.log
        // The pattern as the router records it (RoutePattern normalizes slashes).
        let provisionPattern = RoutePattern(configuration.service.basePath + APIRoute.provision.pattern).description
        return HTTPServerObservers(
            accessLog: { record in
                var fields = [
                    "requestId": record.requestID, "method": record.method.rawValue,
                    "route": record.routePattern ?? "unmatched", "status": String(record.status.code),
                    "ms": String(Int(record.duration / .milliseconds(1))),
                ]
                if let problem = record.problemType { fields["problem"] = problem.slug ?? problem.rawValue }
                log.info("http.request", fields)
            },
            requestCompleted: { record in
                metrics.observeRequest(
                    route: record.routePattern, method: record.method.rawValue, status: record.status.code,
                    duration: record.duration)
                if record.routePattern == provisionPattern {
                    let outcome = record.problemType.map { $0.slug ?? "other" } ?? "success"
                    metrics.observeProvisioning(outcome: outcome)
                }
            },
            diagnostics: { message in log.warning("http.diagnostic", ["message": message]) },
            handlerFailed: { request, error in
                switch error {
                case let error as StorageError where error.isTemporary:
                    log.error(
                        "storage.unavailable",
                        [
                            "requestId": request.requestID, "code": error.code.rawValue,
                            "sqlState": error.sqlState ?? "none",
                        ])
                case is ServiceError, is ProblemDetails:
                    // A refusal the service chose (a 503 of readiness, say): the
                    // access log names its problem type.
                    break
                default:
                    log.error(
                        "request.failed",
                        ["requestId": request.requestID, "error": String(describing: type(of: error))])
                }
            })
    }

    /// Mounts every service route: the provisioning, lifecycle, back-office and
    /// wallet collections under the base path, the operations routes there and
    /// at the root. The sandbox mounts its own routes.
    package func register(on router: inout Router) {
        let context = self.context
        let lifecycle = TokenLifecycle(context: context)
        let wallet = WalletService(context: context, network: walletNetwork)
        router.group(configuration.service.basePath) { api in
            ProvisioningRoutes(context: context, provisioning: ApplePayProvisioning(context: context))
                .register(on: &api)
            LifecycleRoutes(context: context, lifecycle: lifecycle, receiver: NotificationReceiver(context: context))
                .register(on: &api)
            BackOfficeRoutes(backOffice: BackOffice(context: context, lifecycle: lifecycle), wallet: wallet)
                .register(on: &api)
            WalletRoutes(context: context, wallet: wallet).register(on: &api)
        }
        registerOperations(on: &router)
    }

    /// Mounts `/healthz`, `/readyz`, `/metrics` and `/openapi.json` alone on
    /// `router`: what ``register(on:)`` mounts beside the API, and all an
    /// operations listener of its own serves (`tpc serve --operations-port`).
    package func registerOperations(on router: inout Router) {
        let routes = OperationsRoutes(
            context: context, metrics: metrics, selfCheck: selfCheck, openAPIDocument: openAPIDocument)
        // The operational routes answer under the base path, where the OpenAPI
        // document (whose paths are relative to it) puts them, and at the root,
        // where probes and scrapers of a deployment look for them.
        routes.register(on: &router)
        if RoutePattern(configuration.service.basePath).description != "/" {
            router.group(configuration.service.basePath) { routes.register(on: &$0) }
        }
    }
}
