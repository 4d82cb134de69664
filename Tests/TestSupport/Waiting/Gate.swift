import Synchronization

/// A one-shot gate: ``wait()`` returns once ``open()`` has been called, at
/// once when it already was. It ignores cancellation on purpose: a handler
/// or an operation held by it stands for one that never answers.
package final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    package init() {}

    /// Waits until the gate opens.
    package func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Opens the gate for every waiter, present and future.
    package func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Whether the gate is open.
    package var isOpen: Bool { state.withLock { $0.open } }
}
