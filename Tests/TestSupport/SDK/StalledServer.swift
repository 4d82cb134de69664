import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP listener on 127.0.0.1 that accepts connections and never answers:
/// a service that hangs.
package final class StalledServer: @unchecked Sendable {
    package let port: UInt16
    private let socketFD: Int32
    private let lock = NSLock()
    private var accepted: [Int32] = []
    private var closed = false

    package init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw TestSupportError(.system, "socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw TestSupportError(.system, "bind/listen failed")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        socketFD = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in
            while true {
                let client = accept(fd, nil, nil)
                if client >= 0 { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
                if client < 0 { break }
                lock.lock()
                if closed {
                    lock.unlock()
                    close(client)
                    break
                }
                accepted.append(client)
                lock.unlock()
            }
        }
        thread.start()
    }

    /// The URL of the hanging "service", with the usual base path.
    package var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/mg/tpc")! }

    /// A URL on which nothing listens (a port that was free a moment ago).
    package static func closedPortURL() throws -> URL {
        let server = try StalledServer()
        let port = server.port
        server.stop()
        return URL(string: "http://127.0.0.1:\(port)/mg/tpc")!
    }

    /// Idempotent: a second call closes nothing (the descriptor numbers may
    /// belong to someone else by then).
    package func stop() {
        lock.lock()
        if closed {
            lock.unlock()
            return
        }
        closed = true
        let clients = accepted
        accepted = []
        lock.unlock()
        shutdown(socketFD, Int32(SHUT_RDWR))
        close(socketFD)
        for client in clients { close(client) }
    }
}
