/// Turns errors into RFC 9457 responses; the outermost stage of every request.
///
/// ``HTTPError`` becomes its own problem document. Any other error becomes a
/// `500` with a generic detail: its text may hold internal details or secrets and
/// never reaches the client. It is reported to `report` for the server's logs
/// (by type name only).
struct ProblemDetailsMiddleware: HTTPMiddleware {
    var report: (@Sendable (HTTPRequest, any Error) -> Void)?

    func respond(to request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        do {
            return try await next(request)
        } catch let error as HTTPError {
            return error.response(for: request)
        } catch {
            report?(request, error)
            return HTTPError(.internalError, detail: "The server could not complete the request.")
                .response(for: request)
        }
    }
}
