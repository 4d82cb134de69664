import ProvisioningAPI
import ProvisioningHTTP

/// The operations routes: `/healthz`, `/readyz`, `/metrics` and `/openapi.json`.
struct OperationsRoutes {
    let context: ServiceContext
    let metrics: ServiceMetrics
    let selfCheck: ServiceSelfCheck
    let openAPIDocument: [UInt8]

    func register(on router: inout Router) {
        let context = context
        let metrics = metrics
        let selfCheck = selfCheck
        let document = openAPIDocument
        router.on(.health) { _ in
            try .json(HealthResponse(status: .up), encoder: .provisioningAPI)
        }
        router.on(.readiness) { _ in
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
        router.on(.metrics) { _ in
            metrics.observeDatabase(context.database)
            return HTTPResponse(
                status: .ok, headers: ["Content-Type": MetricsRegistry.contentType],
                body: Array(metrics.registry.render().utf8))
        }
        router.on(.openAPI) { _ in
            HTTPResponse(status: .ok, headers: ["Content-Type": APIHeaders.jsonMediaType], body: document)
        }
    }
}
