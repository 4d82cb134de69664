import Foundation
import Synchronization

/// A clock tests move by hand, so expiry and retry times never depend on how
/// fast the machine is.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Date()) {
        current = Mutex(start)
    }

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    var function: @Sendable () -> Date { { self.now } }
}
