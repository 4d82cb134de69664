import COpenSSLShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One blocking TCP connection, TLS when the request is `https`, used by a
/// single thread. Every wait is bounded by the request's deadline (each
/// call sets the socket's receive and send timeouts to the time left).
final class ClientConnection {
    private let descriptor: Int32
    private let deadline: ContinuousClock.Instant
    private let peer: String
    private let cancellation: ConnectionCancellation
    private var tls: OpaquePointer?
    private var readBuffer = [UInt8](repeating: 0, count: 16 * 1024)

    /// Connects (and completes the TLS handshake for `https`).
    init(
        to request: OutgoingRequest, trust: HTTPClient.Trust, deadline: ContinuousClock.Instant,
        cancellation: ConnectionCancellation
    ) throws {
        self.deadline = deadline
        self.peer = request.peer
        self.cancellation = cancellation
        descriptor = try Self.connect(
            host: request.host, port: request.port, peer: request.peer, deadline: deadline,
            cancellation: cancellation)
        guard request.usesTLS else { return }
        do {
            try applyTimeouts()
            tls = try handshake(request, trust: trust)
        } catch {
            cancellation.close(descriptor)
            throw error
        }
    }

    func close() {
        pp_tls_client_free(tls)
        tls = nil
        cancellation.close(descriptor)
    }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            try applyTimeouts()
            let written = bytes[offset...].withUnsafeBytes { buffer -> Int in
                if let tls {
                    return pp_tls_client_write(tls, buffer.baseAddress, buffer.count)
                }
                return send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                offset += written
                continue
            }
            if tls == nil, written < 0, errno == EINTR { continue }
            if (tls != nil && written == -2) || (tls == nil && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                throw HTTPError(.timedOut, reason: "sending to \(peer) timed out")
            }
            throw HTTPError(.connectionFailed, reason: "\(peer) closed the connection while the request was sent")
        }
    }

    /// The next bytes received; empty at the end of the stream.
    func read() throws -> ArraySlice<UInt8> {
        while true {
            try applyTimeouts()
            let count = readBuffer.withUnsafeMutableBytes { buffer -> Int in
                if let tls {
                    return pp_tls_client_read(tls, buffer.baseAddress, buffer.count)
                }
                return recv(descriptor, buffer.baseAddress, buffer.count, 0)
            }
            if count >= 0 { return readBuffer[0..<count] }
            if tls == nil, errno == EINTR { continue }
            if (tls != nil && count == -2) || (tls == nil && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                throw HTTPError(.timedOut, reason: "\(peer) did not answer in time")
            }
            throw HTTPError(.connectionFailed, reason: "the connection to \(peer) failed while reading")
        }
    }

    // MARK: Setting up

    private static func connect(
        host: String, port: Int, peer: String, deadline: ContinuousClock.Instant,
        cancellation: ConnectionCancellation
    ) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw HTTPError(.connectionFailed, reason: "\(peer) does not resolve")
        }
        defer { freeaddrinfo(list) }
        var failure = HTTPError(.connectionFailed, reason: "\(peer) refused the connection")
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate?.pointee {
            candidate = address.ai_next
            let descriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
            guard descriptor >= 0 else { continue }
            guard cancellation.register(descriptor) else {
                cancellation.close(descriptor)
                throw HTTPError(.cancelled, reason: "the request to \(peer) was cancelled")
            }
            do {
                try connect(descriptor, to: address, peer: peer, deadline: deadline)
                return descriptor
            } catch let error as HTTPError {
                cancellation.close(descriptor)
                if error.code == .timedOut { throw error }
                failure = error
            }
        }
        throw failure
    }

    /// A non-blocking connect awaited with `poll`, so the deadline holds;
    /// the socket is blocking again afterwards.
    private static func connect(
        _ descriptor: Int32, to address: addrinfo, peer: String, deadline: ContinuousClock.Instant
    ) throws {
        let flags = fcntl(descriptor, F_GETFL, 0)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        #if canImport(Glibc)
        let started = Glibc.connect(descriptor, address.ai_addr, address.ai_addrlen)
        #else
        let started = Darwin.connect(descriptor, address.ai_addr, address.ai_addrlen)
        #endif
        if started != 0 {
            guard errno == EINPROGRESS || errno == EINTR else {
                throw HTTPError(.connectionFailed, reason: "\(peer) refused the connection")
            }
            var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            while true {
                let milliseconds = try Self.remainingMilliseconds(until: deadline, peer: peer)
                let ready = poll(&entry, 1, Int32(clamping: milliseconds))
                if ready > 0 { break }
                if ready == 0 { throw HTTPError(.timedOut, reason: "connecting to \(peer) timed out") }
                guard errno == EINTR else {
                    throw HTTPError(.connectionFailed, reason: "connecting to \(peer) failed")
                }
            }
            var socketError: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &socketError, &length)
            guard socketError == 0 else {
                throw HTTPError(.connectionFailed, reason: "\(peer) refused the connection")
            }
        }
        _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
    }

    private func handshake(_ request: OutgoingRequest, trust: HTTPClient.Trust) throws -> OpaquePointer {
        var status = PP_TLS_CLIENT_OK
        var verifyResult = 0
        let session: OpaquePointer?
        if let anchors = trust.anchorsPEM {
            session = anchors.utf8CString.withUnsafeBufferPointer { pem in
                pp_tls_client_connect(
                    descriptor, pem.baseAddress, pem.count - 1, request.host, request.hostIsAddress ? 1 : 0,
                    trust.checksHostName ? 1 : 0, &status, &verifyResult)
            }
        } else {
            session = pp_tls_client_connect(
                descriptor, nil, 0, request.host, request.hostIsAddress ? 1 : 0, trust.checksHostName ? 1 : 0,
                &status, &verifyResult)
        }
        if let session { return session }
        switch status {
        case PP_TLS_CLIENT_UNTRUSTED:
            throw HTTPError(
                .untrustedCertificate,
                reason: "the certificate of \(peer) is not trusted (verify error \(verifyResult))")
        case PP_TLS_CLIENT_TIMED_OUT:
            throw HTTPError(.timedOut, reason: "the TLS handshake with \(peer) timed out")
        case PP_TLS_CLIENT_SETUP_FAILED:
            throw HTTPError(.invalidRequest, reason: "TLS could not be set up (are the trust anchors PEM?)")
        default:
            throw HTTPError(.tlsHandshakeFailed, reason: "the TLS handshake with \(peer) failed")
        }
    }

    // MARK: Time

    /// Sets the socket's receive and send timeouts to the time left.
    private func applyTimeouts() throws {
        let milliseconds = try Self.remainingMilliseconds(until: deadline, peer: peer)
        var timeout = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
        let size = socklen_t(MemoryLayout<timeval>.size)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, size)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, size)
    }

    /// At least 1 ms (a zero socket timeout would mean none); throws once the
    /// deadline has passed.
    private static func remainingMilliseconds(until deadline: ContinuousClock.Instant, peer: String) throws -> Int {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { throw HTTPError(.timedOut, reason: "the request to \(peer) timed out") }
        return max(1, left.milliseconds)
    }
}
