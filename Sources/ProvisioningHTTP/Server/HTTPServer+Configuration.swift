import Foundation

extension HTTPServer {
    /// Where and how the server listens.
    package struct Configuration: Sendable {
        /// A numeric IPv4 or IPv6 address; loopback by default.
        package var host: String
        /// `0` picks a free port; read it back from ``HTTPServer/port``.
        package var port: Int
        package var limits: Limits
        /// Event-loop threads (each with its own event queue of connections); the core count by default.
        package var threadPoolSize: Int
        /// HTTPS credentials; plain HTTP when `nil`.
        package var tls: TLS?
        /// How long the event loop that owns a request may run its handler's
        /// steps in a row before handing the rest to the cooperative pool; `.zero`
        /// always hands off.
        ///
        /// A handler that answers without waiting on anything then costs no thread
        /// switch. When a handler waits on something (a database round trip, say),
        /// the step that follows wakes the event loop, which runs that step too:
        /// one thread wake-up fewer than a resumption on the pool. The budget is
        /// checked between the handler's steps (from one suspension point to the
        /// next) and only moves a handler that still has runnable steps, so
        /// synchronous work between two `await`s is not interrupted: handlers doing
        /// long blocking or CPU-bound work should do it on their own executor or
        /// actor. Default 200 µs.
        package var inlineHandlerBudget: Duration

        package init(
            host: String = "127.0.0.1", port: Int = 0, limits: Limits = Limits(),
            threadPoolSize: Int = ProcessInfo.processInfo.activeProcessorCount, tls: TLS? = nil,
            inlineHandlerBudget: Duration = .microseconds(200)
        ) {
            self.host = host
            self.port = port
            self.limits = limits
            self.threadPoolSize = threadPoolSize
            self.tls = tls
            self.inlineHandlerBudget = inlineHandlerBudget
        }
    }

    /// Bounds that hold whatever clients send.
    package struct Limits: Sendable {
        /// The request line and header fields together (and, separately, a chunked
        /// body's trailer fields and chunk extensions): a head past it is answered
        /// `431` (`414` when the request line alone is) and the connection closed.
        /// Default 32 KiB.
        package var maxHeaderBytes: Int
        /// Largest accepted body. A larger `Content-Length` is answered `413` before
        /// any of the body is read (and before `100 Continue`); a chunked body is
        /// answered `413` as soon as a chunk size takes it past the limit. Either
        /// way the connection then closes after reading and dropping up to
        /// `max(maxBodyBytes, 1 MiB)` more bytes for at most 2 s, so that a client
        /// still sending reads the answer. Default 1 MiB.
        package var maxBodyBytes: Int
        /// Concurrent connections, over all event loops. While full the
        /// server stops accepting, so further clients wait in the kernel's backlog
        /// until a connection closes. Default 1024.
        package var maxConnections: Int
        /// Concurrent connections from one IP address; `nil` for no limit. A
        /// connection over the limit is accepted and closed at once. Default 256,
        /// so that one address cannot take the whole table (`maxConnections`)
        /// and keep every other client, health checks included, waiting.
        package var maxConnectionsPerIP: Int?
        /// Seconds a connection may sit idle (including half-sent requests) before
        /// it is closed. Default 30.
        package var idleTimeout: Int
        /// How long a connection has to deliver one whole request — request
        /// line, headers and body — counted from its opening (TLS handshake
        /// included) or from the end of the previous response; `nil` for no
        /// limit. Activity does not extend it, unlike ``idleTimeout``: a client
        /// that trickles a header line every few seconds is cut off (its
        /// connection shut down, without an answer). Checked about every 250 ms.
        /// Default 60 seconds.
        package var requestReadTimeout: Duration?
        /// How long a handler may run; after that the client gets a `503` problem
        /// document, the handler's task is cancelled and its result is dropped.
        /// Default 30 seconds.
        package var handlerDeadline: Duration

        package init(
            maxHeaderBytes: Int = 32 * 1024, maxBodyBytes: Int = 1024 * 1024, maxConnections: Int = 1024,
            maxConnectionsPerIP: Int? = 256, idleTimeout: Int = 30, handlerDeadline: Duration = .seconds(30),
            requestReadTimeout: Duration? = .seconds(60)
        ) {
            self.maxHeaderBytes = maxHeaderBytes
            self.maxBodyBytes = maxBodyBytes
            self.maxConnections = maxConnections
            self.maxConnectionsPerIP = maxConnectionsPerIP
            self.idleTimeout = idleTimeout
            self.handlerDeadline = handlerDeadline
            self.requestReadTimeout = requestReadTimeout
        }
    }

    /// A PEM certificate chain and its private key, for HTTPS.
    ///
    /// The key is loaded into OpenSSL at start (TLS 1.2 or later) and otherwise
    /// kept only in memory; it never appears in errors or logs.
    package struct TLS: Sendable {
        package var certificateChainPEM: String
        package var privateKeyPEM: String

        package init(certificateChainPEM: String, privateKeyPEM: String) {
            self.certificateChainPEM = certificateChainPEM
            self.privateKeyPEM = privateKeyPEM
        }
    }
}
