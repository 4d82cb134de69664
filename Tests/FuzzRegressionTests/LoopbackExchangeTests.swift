import Foundation
import Glibc
import Testing

@testable import ProvisioningFuzzing

/// The `http` target's exchange ends when the server closes, and reports a
/// server that never does; both against plain sockets, so the checks do not
/// depend on the HTTP server's behaviour.
@Suite(.timeLimit(.minutes(3))) struct LoopbackExchangeTests {
    @Test func serverThatAnswersAfterTheHalfCloseIsReadToTheEnd() throws {
        let listener = try #require(LoopbackListener())
        defer { close(listener.descriptor) }
        let answer = Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".utf8)
        // The peer answers only once it has seen end-of-file, so the exchange gets
        // the answer only if it half-closed its write side.
        let peer = Thread { [descriptor = listener.descriptor] in
            let connection = accept(descriptor, nil, nil)
            if connection >= 0 { _ = fcntl(connection, F_SETFD, FD_CLOEXEC) }
            guard connection >= 0 else { return }
            defer { close(connection) }
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var buffer = [UInt8](repeating: 0, count: 1024)
            var received = 0
            repeat {
                received = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            } while received > 0
            // A timeout (-1) means no end-of-file came: close without an answer.
            guard received == 0 else { return }
            _ = answer.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        peer.start()

        let response = LoopbackExchange.send(Array("GET / HTTP/1.1\r\n".utf8), toPort: listener.port)

        #expect(!response.hung)
        #expect(response.bytes == answer)
    }

    @Test func serverThatNeverClosesIsReportedHung() throws {
        // Connections complete in the listen backlog, but nothing ever reads or closes them.
        let listener = try #require(LoopbackListener())
        defer { close(listener.descriptor) }

        let response = LoopbackExchange.send(
            Array("GET / HTTP/1.1\r\n\r\n".utf8), toPort: listener.port, hangTimeout: 200)

        #expect(response.hung)
        #expect(response.bytes.isEmpty)
    }
}

/// A listening TCP socket on an ephemeral loopback port.
private struct LoopbackListener {
    let descriptor: Int32
    let port: Int

    init?() {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 8) == 0
                    && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }
}
