import Foundation
import Synchronization
import TPCDemo
import TestSupport
import Testing

/// The runner's verdict, with steps that need no sandbox.
@Suite("DemoRunner", .timeLimit(.minutes(10)))
@MainActor
struct DemoRunnerTests {
    private static func run(_ steps: [DemoStep]) async throws -> (DemoReport, String) {
        let lines = Mutex<[String]>([])
        let output = DemoOutput { line in lines.withLock { $0.append(line) } }
        // The runner resets the SDK's global state when it ends.
        let report = try await GlobalTestLock.run {
            await DemoRunner(options: DemoOptions(), steps: steps, output: output).run()
        }
        return (report, lines.withLock { $0.joined(separator: "\n") })
    }

    @Test("a failing check fails its step and the run, and later steps still run")
    func failingCheckFailsTheRun() async throws {
        let (report, text) = try await Self.run([
            DemoStep("holds", flow: "t") { _, log in try log.check(true, "one is one") },
            DemoStep("breaks", flow: "t") { _, log in try log.check(false, "two is three") },
            DemoStep("after", flow: "t") { _, log in try log.check(true, "still runs") },
        ])
        #expect(!report.passed)
        #expect(report.steps.map(\.passed) == [true, false, true])
        #expect(report.steps[1].failure?.contains("two is three") == true)
        #expect(text.contains("DEMO FAILED: 2 of 3 steps verified (2 checks)"))
        #expect(text.contains("✘ two is three"))
    }

    @Test("a step missing what an earlier step makes fails with the prerequisite named")
    func missingPrerequisite() async throws {
        let (report, _) = try await Self.run([
            DemoStep("needs a card", flow: "t") { context, _ in _ = try context.requireCard("approve") }
        ])
        #expect(!report.passed)
        #expect(report.steps[0].failure?.contains("no approve card") == true)
    }

    @Test("a run whose steps all verify passes")
    func allStepsPass() async throws {
        let (report, text) = try await Self.run([
            DemoStep("a", flow: "t") { _, log in try log.check(true, "a") },
            DemoStep("b", flow: "t") { _, log in try log.check(true, "b") },
        ])
        #expect(report.passed)
        #expect(text.contains("DEMO PASSED: 2 of 2 steps verified (2 checks)"))
    }
}
