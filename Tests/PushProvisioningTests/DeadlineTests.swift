import Foundation
import TestSupport
import Testing

@testable import PushProvisioning

/// The SDK's deadline, with the interleavings the end-to-end stall test
/// depends on made deterministic: an operation that ignores cancellation and
/// never answers, an answer that arrives first, a caller cancelled while waiting.
@Suite("SDK deadline", .timeLimit(.minutes(3)))
struct DeadlineTests {
    @Test("the caller is resumed at the deadline although the operation never answers")
    func deadlineResumesTheCaller() async throws {
        let stall = Gate()
        defer { stall.open() }
        let error = await #expect(throws: TPCError.self) {
            try await Deadline.run(seconds: 0.05) {
                await stall.wait()
                return 1
            }
        }
        #expect(error?.code == .timedOut)
    }

    @Test("an answer before the deadline wins, and the timer's later firing changes nothing")
    func answerBeforeTheDeadlineWins() async throws {
        let value = try await Deadline.run(seconds: 0.05) { 42 }
        #expect(value == 42)
        try await Task.sleep(for: .milliseconds(100))
    }

    @Test("a caller cancelled while waiting is resumed with CancellationError")
    func cancelledCallerIsResumed() async throws {
        let stall = Gate()
        defer { stall.open() }
        let started = Gate()
        let waiting = Task {
            try await Deadline.run(seconds: 3600) {
                started.open()
                await stall.wait()
                return 1
            }
        }
        await started.wait()
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}
