import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ports for servers that a test restarts on the same address.
package enum FreePort {
    /// A port on 127.0.0.1 that is free now, chosen below Linux's ephemeral
    /// range (32768–60999).
    ///
    /// A kernel-chosen port (bind to 0) comes from the ephemeral range, which
    /// is also where every outgoing connection of the test process takes its
    /// local port: a cluster restarted on "its" port could then find it taken
    /// by an unrelated client socket. Ports below the range are never handed
    /// out implicitly, so once free they stay free for the cluster.
    package static func belowEphemeralRange() throws -> Int {
        for _ in 0..<200 {
            let candidate = Int.random(in: 20_000..<32_000)
            if try isFree(candidate) { return candidate }
        }
        throw TestSupportError(.system, "no free port between 20000 and 32000 on 127.0.0.1")
    }

    private static func isFree(_ port: Int) throws -> Bool {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw TestSupportError(.system, "socket() failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        return withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 }
        }
    }
}
