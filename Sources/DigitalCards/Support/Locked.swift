import Foundation

/// A value behind a lock, for the manager's shared configuration.
///
/// `Mutex` from Synchronization needs iOS 18 / macOS 15 and the SDK supports
/// iOS 17, so this wraps `NSLock`. Every access goes through ``withLock(_:)``;
/// the class is `@unchecked Sendable` because the lock serializes it.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
