import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 client for the service's own outgoing calls (the
/// sandbox's notifications, the issuer's back-office tools), on plain sockets
/// and OpenSSL rather than URLSession, so a server binary needs no
/// FoundationNetworking (libcurl and its TLS stack).
///
/// Each request opens its own connection (`Connection: close`) and runs its
/// blocking socket work on a thread of its own, never on the cooperative
/// pool. Responses framed by `Content-Length`, by chunked transfer coding or
/// by the end of the connection are read, up to
/// ``Configuration/maximumResponseBytes``. `https` URLs are verified against
/// ``Configuration/trust``: the system's trust store by default.
///
/// ```swift
/// let client = HTTPClient()
/// let response = try await client.send(
///     HTTPClient.Request(
///         method: .post, url: URL(string: "http://127.0.0.1:8080/v1/events")!,
///         headers: ["Content-Type": "application/json"], body: Array(#"{"ok":true}"#.utf8)))
/// if response.status == .ok { … }
/// ```
package struct HTTPClient: Sendable {
    /// Timeouts, caps and trust shared by every request of a client.
    package struct Configuration: Sendable {
        /// How long a request may take, from connecting to the last byte of
        /// the response, unless the request sets its own. Default 30 seconds.
        package var timeout: Duration
        /// The largest response body accepted (after removing chunking);
        /// larger ones fail with `responseTooLarge`. Default 8 MiB.
        package var maximumResponseBytes: Int
        /// The largest status line plus header section accepted. Default 64 KiB.
        package var maximumHeadBytes: Int
        /// The certificates `https` servers are verified against.
        package var trust: Trust

        package init(
            timeout: Duration = .seconds(30), maximumResponseBytes: Int = 8 * 1024 * 1024,
            maximumHeadBytes: Int = 64 * 1024, trust: Trust = .systemRoots
        ) {
            self.timeout = timeout
            self.maximumResponseBytes = maximumResponseBytes
            self.maximumHeadBytes = maximumHeadBytes
            self.trust = trust
        }
    }

    package var configuration: Configuration

    package init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Sends `request` and returns the complete response, whatever its status.
    ///
    /// Informational (`1xx`) responses are skipped. Cancelling the calling
    /// task closes the connection.
    ///
    /// - Throws: ``HTTPError`` — `invalidRequest` before anything is
    ///   sent; `connectionFailed`, `timedOut`, `tlsHandshakeFailed`,
    ///   `untrustedCertificate`, `invalidResponse`, `responseTooLarge` or
    ///   `cancelled` after.
    package func send(_ request: Request) async throws -> Response {
        let outgoing = try OutgoingRequest(request)
        let configuration = configuration
        let deadline = ContinuousClock.now + (request.timeout ?? configuration.timeout)
        let cancellation = ConnectionCancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let thread = Thread {
                    continuation.resume(
                        with: Result {
                            try Self.exchange(
                                outgoing, configuration: configuration, deadline: deadline,
                                cancellation: cancellation)
                        })
                }
                thread.name = "HTTPClient"
                thread.start()
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// The blocking part of ``send(_:)``, on its own thread.
    private static func exchange(
        _ outgoing: OutgoingRequest, configuration: Configuration, deadline: ContinuousClock.Instant,
        cancellation: ConnectionCancellation
    ) throws -> Response {
        // A peer that closed early would otherwise raise SIGPIPE.
        blockBrokenPipeSignals()
        do {
            let connection = try ClientConnection(
                to: outgoing, trust: configuration.trust, deadline: deadline, cancellation: cancellation)
            defer { connection.close() }
            try connection.write(outgoing.bytes)
            var reader = ResponseReader(
                maximumHeadBytes: configuration.maximumHeadBytes,
                maximumBodyBytes: configuration.maximumResponseBytes, peer: outgoing.peer,
                source: { try connection.read() })
            return try reader.readResponse(method: outgoing.method)
        } catch {
            if cancellation.isCancelled {
                throw HTTPError(.cancelled, reason: "the request to \(outgoing.peer) was cancelled")
            }
            throw error
        }
    }
}
