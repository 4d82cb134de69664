import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A TCP listener on 127.0.0.1 that answers with bytes a test wrote by hand
/// (chunked bodies, broken heads) — what the server never sends — or, when
/// never told to answer, accepts connections in the kernel and stays silent.
final class ScriptedListener: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    private let descriptor: Int32
    private let accepted = Mutex<[Int32]>([])

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(descriptor)
            throw Failure(description: "bind/listen failed")
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// On a thread: accepts one connection, reads the request head, writes
    /// `reply`, and closes the connection.
    func answerOnce(with reply: [UInt8]) {
        let thread = Thread { [self] in
            let connection = accept(descriptor, nil, nil)
            if connection >= 0 { _ = fcntl(connection, F_SETFD, FD_CLOEXEC) }
            guard connection >= 0 else { return }
            accepted.withLock { $0.append(connection) }
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while !received.ends(with: Array("\r\n\r\n".utf8)) {
                let count = recv(connection, &chunk, chunk.count, 0)
                if count <= 0 { break }
                received += chunk[0..<count]
            }
            _ = reply.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            shutdown(connection, Int32(SHUT_WR))
        }
        thread.start()
    }

    /// Stops listening and closes every accepted connection.
    func close() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        Glibc.close(descriptor)
        for connection in accepted.withLock({ $0 }) { Glibc.close(connection) }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
