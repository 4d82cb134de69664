import Dispatch
import Synchronization

/// The serial queues driver connections run on, each marked so that code can
/// tell whether it already runs on a given connection's queue.
enum ConnectionQueue {
    static let key = DispatchSpecificKey<UInt64>()
    private static let counter = Atomic<UInt64>(0)

    /// A new serial queue with a mark no other queue has.
    static func make(label: String) -> DispatchQueue {
        let queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: counter.add(1, ordering: .relaxed).newValue)
        return queue
    }

    /// Whether the calling code runs on `queue`, one made by ``make(label:)``.
    static func isCurrent(_ queue: DispatchQueue) -> Bool {
        guard let mark = queue.getSpecific(key: key) else { return false }
        return DispatchQueue.getSpecific(key: key) == mark
    }
}
