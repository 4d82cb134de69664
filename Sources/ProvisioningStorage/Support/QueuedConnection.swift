import Dispatch

/// A ``BlockingConnection`` whose calls wait on the network (libpq): each
/// connection owns a serial dispatch queue and is only touched on it, so a call
/// that waits for the server never sits on Swift's cooperative pool.
protocol QueuedConnection: BlockingConnection {
    /// The queue every call on the C handle runs on; made by ``ConnectionQueue/make(label:)``.
    var queue: DispatchQueue { get }
}

extension QueuedConnection {
    /// Runs `work` on the connection's queue and resumes the caller with its result.
    ///
    /// A caller already on the queue — a transaction body running there through
    /// ``ConnectionQueueExecutor`` — holds the connection, so `work` runs at once
    /// instead of going round the queue and back for every statement.
    func perform<T: Sendable>(_ work: @escaping @Sendable (Self) throws -> T) async throws -> T {
        if ConnectionQueue.isCurrent(queue) { return try work(self) }
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try work(self) })
            }
        }
    }
}
