import Foundation
import ProvisioningPrimitives

/// Calls a completion handler at most once, whichever path gets there first
/// (the answer, a failure, the deadline); later calls are dropped.
///
/// PassKit's completion handlers are not `@Sendable`; this box moves one to
/// whichever thread finishes first. That is sound because the handler is
/// called once, under the lock's hand-off, and never touched again.
final class OnceCompletion<Value>: @unchecked Sendable {
    private let handler: Locked<((Value) -> Void)?>

    init(_ handler: @escaping (Value) -> Void) {
        self.handler = Locked(handler)
    }

    /// Calls the handler if nothing called it yet; `true` when this call did.
    @discardableResult
    func complete(_ value: Value) -> Bool {
        guard let taken = claim() else { return false }
        taken(value)
        return true
    }

    /// Takes the handler without calling it, so that the path that won can
    /// finish its own work (report a failure) before the caller hears the
    /// answer; `nil` when another path took it first.
    func claim() -> ((Value) -> Void)? {
        handler.withLock { stored -> ((Value) -> Void)? in
            defer { stored = nil }
            return stored
        }
    }
}
