import Foundation

/// A value behind a lock.
///
/// `Mutex` from Synchronization needs iOS 18 / macOS 15 and the SDK supports
/// iOS 17, so this wraps `NSLock`. Every access goes through ``withLock(_:)``;
/// the class is `@unchecked Sendable` because the lock serializes it. Like
/// `Mutex`, it does not ask `Value` to be `Sendable`: WalletExtensions keeps a
/// completion handler in one.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
