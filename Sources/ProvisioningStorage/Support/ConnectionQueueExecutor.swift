import Dispatch

/// A task executor that runs jobs on a ``QueuedConnection``'s serial queue.
///
/// A PostgreSQL transaction's body runs with this executor preferred, so its
/// steps run on the queue its statements run on. Each statement is then queued
/// behind the current job on the thread already running the queue, and its
/// result resumes the body on that same thread, instead of waking a queue thread
/// and then a cooperative-pool thread per statement: a transaction of BEGIN,
/// four inserts and COMMIT cost a dozen thread wake-ups that way.
///
/// The body only runs here while it holds the connection, which no one else can
/// use meanwhile, so it delays no other work; what it awaits elsewhere (actors,
/// I/O) runs where it always does.
final class ConnectionQueueExecutor: TaskExecutor {
    private struct Job: @unchecked Sendable {
        // `UnownedJob` is not `Sendable`; it moves to the queue's thread once and
        // runs there.
        let job: UnownedJob
    }

    private let queue: DispatchQueue

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let box = Job(job: UnownedJob(job))
        queue.async { box.job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
