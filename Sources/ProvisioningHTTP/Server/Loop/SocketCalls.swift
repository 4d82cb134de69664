#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The socket calls of the server, named so that they do not collide with the
// `close()` and `send(…)` methods of the types that use them.

func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(descriptor)
    #else
    _ = Darwin.close(descriptor)
    #endif
}

/// `send` that fails with EPIPE instead of raising SIGPIPE (on Linux; the
/// event loops also block SIGPIPE, which covers Darwin and OpenSSL's writes).
func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    #if canImport(Glibc)
    Glibc.send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
    #else
    Darwin.send(descriptor, bytes.baseAddress, bytes.count, 0)
    #endif
}

func receiveBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    #if canImport(Glibc)
    Glibc.recv(descriptor, buffer.baseAddress, buffer.count, 0)
    #else
    Darwin.recv(descriptor, buffer.baseAddress, buffer.count, 0)
    #endif
}

/// Shuts the write side (`SHUT_WR`) or both sides (`SHUT_RDWR`).
func shutdownDescriptor(_ descriptor: Int32, both: Bool) {
    #if canImport(Glibc)
    _ = Glibc.shutdown(descriptor, Int32(both ? SHUT_RDWR : SHUT_WR))
    #else
    _ = Darwin.shutdown(descriptor, both ? SHUT_RDWR : SHUT_WR)
    #endif
}
