import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lets a cancelled task interrupt its request's blocking socket calls: the
/// socket is shut down under the same lock that guards its closing, so a
/// descriptor number is never shut down after it was closed and reused.
final class ConnectionCancellation: Sendable {
    private let state = Mutex<(descriptor: Int32?, cancelled: Bool)>((nil, false))

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    func cancel() {
        state.withLock { state in
            state.cancelled = true
            if let descriptor = state.descriptor { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    /// Tracks `descriptor`; false (and nothing tracked) when already cancelled.
    func register(_ descriptor: Int32) -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            state.descriptor = descriptor
            return true
        }
    }

    /// Stops tracking and closes `descriptor`.
    func close(_ descriptor: Int32) {
        state.withLock { state in
            if state.descriptor == descriptor { state.descriptor = nil }
            #if canImport(Glibc)
            _ = Glibc.close(descriptor)
            #elseif canImport(Darwin)
            _ = Darwin.close(descriptor)
            #endif
        }
    }
}
