import Foundation

/// Runs blocking work (sockets, `Process` waits) on its own thread so it never
/// ties up the cooperative pool the server's handlers need.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try body() })
        }
        thread.start()
    }
}

/// Polls `condition` until it holds or `attempts` run out (10 ms apart); returns
/// whether it held. Used to wait for server-side effects without timing them.
func eventually(attempts: Int = 1000, _ condition: @Sendable () -> Bool) async -> Bool {
    for _ in 0..<attempts {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
