import Foundation
import ProvisioningAPI
import Testing

@testable import SandboxNetwork

/// A token's events never share a wire timestamp, whatever instant the clock
/// shows and however the previous one was stored.
@Suite(.timeLimit(.minutes(3))) struct EventTimeTests {
    /// What the vault keeps of an instant: microseconds (TimestampText).
    static func stored(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1_000_000).rounded(.down) / 1_000_000)
    }

    @Test func eventsOfAFrozenClockPrintDistinctIncreasingTimes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let now = Date(timeIntervalSince1970: Double.random(in: 1_700_000_000..<1_900_000_000, using: &generator))
            var previous = Self.stored(now)
            var printed = [WireDate.string(from: previous)]
            for _ in 0..<50 {
                previous = Self.stored(VaultToken.eventTime(after: previous, now: now))
                printed.append(WireDate.string(from: previous))
            }
            #expect(printed == printed.sorted() && Set(printed).count == printed.count, "from \(now)")
        }
    }

    @Test func aLaterClockWins() {
        let previous = Date(timeIntervalSince1970: 1_800_000_000.123)
        let now = previous.addingTimeInterval(2)
        #expect(abs(VaultToken.eventTime(after: previous, now: now).timeIntervalSince(now)) < 0.001)
    }
}
