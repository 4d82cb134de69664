import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Slowloris: many loopback connections that each send a request's headers one
/// byte per round and never finish, holding server connections open.
struct SlowClients: Sendable {
    let port: Int
    let connections: Int

    /// Opens the connections and drips one byte on each per round (20 ms apart),
    /// then closes them.
    /// - Returns: how many connections were opened and held.
    func drip(rounds: Int) -> Int {
        let request = Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        for _ in 0..<connections {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { break }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else {
                close(descriptor)
                break
            }
            sockets.append(descriptor)
        }
        for round in 0..<rounds {
            let byte = round < request.count ? request[round] : UInt8(ascii: "a")
            for socket in sockets { _ = withUnsafePointer(to: byte) { send(socket, $0, 1, Int32(MSG_NOSIGNAL)) } }
            usleep(20_000)
        }
        return sockets.count
    }
}
