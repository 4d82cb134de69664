import Foundation

/// A value behind a lock. `Mutex` needs iOS 18 and the kit supports iOS 17,
/// so this wraps `NSLock`; every access goes through ``withLock(_:)``.
final class Locked<Value>: @unchecked Sendable {
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
