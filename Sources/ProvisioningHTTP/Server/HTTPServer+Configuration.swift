import Foundation

extension HTTPServer {
    /// Where and how the server listens.
    package struct Configuration: Sendable {
        /// A numeric IPv4 or IPv6 address; loopback by default.
        package var host: String
        /// `0` picks a free port; read it back from ``HTTPServer/port``.
        package var port: Int
        package var limits: Limits
        /// Threads polling connections (each with its own `poll` set); the core count by default.
        package var threadPoolSize: Int
        /// HTTPS credentials; plain HTTP when `nil`.
        package var tls: TLS?
        /// How long the polling thread that owns a request may run its handler's
        /// steps in a row before handing the rest to the cooperative pool; `.zero`
        /// always hands off.
        ///
        /// A handler that answers without waiting on anything then costs no thread
        /// switch and no connection suspension. When a handler waits on something
        /// (a database round trip, say), the connection is suspended and the step
        /// that follows resumes it, so that the polling thread runs that step too:
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
        /// libmicrohttpd's per-connection memory pool, which holds the request line
        /// and headers (plus I/O buffers): requests whose headers do not fit are
        /// answered `431` by libmicrohttpd. Default 32 KiB.
        package var maxHeaderBytes: Int
        /// Largest accepted body. A larger `Content-Length` is answered `413` before
        /// any of the body is read. A chunked body stops being buffered once past the
        /// limit; the rest is read and dropped and answered `413` — unless it runs on
        /// for more than `max(maxBodyBytes, 1 MiB)` further bytes, in which case the
        /// connection is closed (libmicrohttpd cannot answer mid-body). Default 1 MiB.
        package var maxBodyBytes: Int
        /// Concurrent connections (split evenly over the pool threads). While full the
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
    /// The key is handed to libmicrohttpd (GnuTLS) at start and otherwise kept only
    /// in memory; it never appears in errors or logs.
    package struct TLS: Sendable {
        package var certificateChainPEM: String
        package var privateKeyPEM: String

        package init(certificateChainPEM: String, privateKeyPEM: String) {
            self.certificateChainPEM = certificateChainPEM
            self.privateKeyPEM = privateKeyPEM
        }
    }
}
