import Foundation
import ProvisioningAPI
import ProvisioningHTTP
import ProvisioningService

/// One signed call of the Customer Service API: the JSON body, the OAuth
/// header, the bounded wait, and the bounded retry of the operations that
/// may be repeated.
struct MDESTransport: Sendable {
    /// How a call may be repeated after a failure that left its effect unknown.
    enum Repetition: Sendable {
        /// A read (`/search`, `/systemstatus`): repeated up to ``MDESTransport/attempts`` times.
        case idempotent
        /// A change: sent once; the connector learns its effect with a read.
        case once
    }

    /// Calls of an idempotent operation, first one included.
    static let attempts = 3

    let endpoint: MDESEndpoint
    let signer: OAuthSigner
    let timeout: Duration

    /// What came back: a status and the body, before any decoding.
    struct Answer: Sendable {
        var status: Int
        var body: [UInt8]
    }

    /// Sends `body` to `path` (relative to the base, `"/token/suspend"`) and
    /// returns the answer, whatever its status.
    ///
    /// - Throws: ``ProvisioningService/ServiceError`` `networkUnavailable`
    ///   when no answer came (unset endpoint, connection, timeout, TLS), after
    ///   the retries ``Repetition`` allows.
    func send(
        _ method: HTTPMethod, _ path: String, body: [UInt8], repetition: Repetition
    ) async throws -> Answer {
        guard let target = endpoint.current else {
            throw ServiceError(.networkUnavailable, "the MDES endpoint is not known yet")
        }
        let url = target.baseURL.appendingPathComponent(String(path.drop { $0 == "/" }))
        let client = HTTPClient(configuration: HTTPClient.Configuration(timeout: timeout, trust: target.trust))
        var attempt = 0
        while true {
            attempt += 1
            do {
                var headers = HTTPHeaders()
                headers["Accept"] = "application/json"
                if method != .get { headers["Content-Type"] = "application/json" }
                // Signed per attempt: a nonce is spent by the first try that arrived.
                headers["Authorization"] = try signer.authorization(method: method.rawValue, url: url, body: body)
                let response = try await client.send(
                    HTTPClient.Request(method: method, url: url, headers: headers, body: body))
                if response.status.code >= 500, repetition == .idempotent, attempt < Self.attempts {
                    try await Task.sleep(for: .milliseconds(100 * attempt))
                    continue
                }
                return Answer(status: response.status.code, body: response.body)
            } catch let error as HTTPError where error.code != .invalidRequest && error.code != .cancelled {
                guard repetition == .idempotent, attempt < Self.attempts else {
                    throw ServiceError(.networkUnavailable, "MDES did not answer (\(error.code))")
                }
                try await Task.sleep(for: .milliseconds(100 * attempt))
            }
        }
    }
}
