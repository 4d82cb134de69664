import ProvisioningAPI

/// Turns errors into RFC 9457 responses; the outermost stage of every request
/// and the only place a thrown error becomes an answer.
///
/// A ``ProvisioningAPI/ProblemConvertible`` error is answered with its
/// ``ProvisioningAPI/ProblemConvertible/problem``. Any other error becomes a
/// `500` with a generic detail: its text may hold internal details or secrets and
/// never reaches the client. Every error answered `5xx` goes to `report`, for the
/// server's log.
struct ProblemDetailsMiddleware: HTTPMiddleware {
    var report: (@Sendable (HTTPRequest, any Error) -> Void)?

    func respond(to request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        do {
            return try await next(request)
        } catch let error as any ProblemConvertible {
            let problem = error.problem
            if problem.status >= 500 { report?(request, error) }
            return HTTPResponse(problem: problem, for: request)
        } catch {
            report?(request, error)
            return HTTPResponse(problem: .unexpected, for: request)
        }
    }
}
