import Synchronization

/// A value that the code under test hands over once (a delegate call, a
/// completion handler), waited for with a limit.
///
/// A `withCheckedContinuation` that the product never resumes hangs its test
/// for good; this fails it instead, naming what it waited for.
///
/// ```swift
/// let activated = try await BoundedWait.run("activate's completion") { done in
///     library.activate(pass, activationData: data) { success, _ in done(success) }
/// }
/// ```
package final class BoundedWait<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiters: [UInt64: CheckedContinuation<Value, any Error>] = [:]
        /// Waits that timed out or were cancelled before their continuation was queued.
        var ended: [UInt64: any Error] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let what: String
    private let timeout: Duration
    private let state = Mutex(State())

    /// - Parameters:
    ///   - what: what is awaited, for the failure message ("the delegate's didFinishAdding").
    ///   - timeout: how long ``value()`` waits.
    package init(_ what: String, timeout: Duration = .seconds(120)) {
        self.what = what
        self.timeout = timeout
    }

    /// Hands the value over; the first call wins, later ones are ignored.
    package func resume(returning value: Value) {
        let waiters = state.withLock { state -> [CheckedContinuation<Value, any Error>] in
            guard state.value == nil else { return [] }
            state.value = value
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: value) }
    }

    /// Whether the value was handed over.
    package var isResumed: Bool { state.withLock { $0.value != nil } }

    /// The value, as soon as it is handed over.
    ///
    /// - Throws: ``TestSupportError`` `timeout` after the limit, naming what
    ///   was awaited; `CancellationError` when the test is cancelled.
    package func value() async throws -> Value {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        let failure = TestSupportError(.timeout, "waited \(timeout) for \(what), which never came")
        let timer = Task { [timeout] in
            try await Task.sleep(for: timeout)
            self.fail(id, with: failure)
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<Value, any Error>? in
                    if let value = state.value { return .success(value) }
                    if let error = state.ended.removeValue(forKey: id) { return .failure(error) }
                    state.waiters[id] = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            fail(id, with: CancellationError())
        }
    }

    private func fail(_ id: UInt64, with error: any Error) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
            if state.value == nil { state.ended[id] = error }
            return nil
        }
        waiter?.resume(throwing: error)
    }
}

extension BoundedWait {
    /// Calls `start` with the function that hands the value over, then waits
    /// for it (see ``value()``).
    package static func run(
        _ what: String, timeout: Duration = .seconds(120), isolation: isolated (any Actor)? = #isolation,
        _ start: (@escaping @Sendable (Value) -> Void) -> Void
    ) async throws -> Value {
        let wait = BoundedWait(what, timeout: timeout)
        start { wait.resume(returning: $0) }
        return try await wait.value()
    }
}
