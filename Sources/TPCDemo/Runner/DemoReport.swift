import Foundation

/// The outcome of a demo run: one result per step, and the summary table.
package struct DemoReport: Sendable {
    /// One step's outcome.
    package struct StepResult: Sendable {
        /// The step's title.
        package var title: String
        /// The step's flow.
        package var flow: String
        /// Whether every check of the step held.
        package var passed: Bool
        /// How many checks held.
        package var checks: Int
        /// How long the step took.
        package var duration: Duration
        /// Why the step failed, without secrets.
        package var failure: String?
    }

    /// The steps' outcomes, in order.
    package var steps: [StepResult]
    /// The whole run's duration.
    package var duration: Duration

    /// Whether every step passed.
    package var passed: Bool { !steps.isEmpty && steps.allSatisfy(\.passed) }

    /// The final line: `DEMO PASSED: 9 of 9 steps verified (42 checks) in 6.1 s`.
    package var verdict: String {
        let passedSteps = steps.filter(\.passed).count
        let checks = steps.reduce(0) { $0 + $1.checks }
        return "DEMO \(passed ? "PASSED" : "FAILED"): \(passedSteps) of \(steps.count) steps verified "
            + "(\(checks) checks) in \(Self.seconds(duration))"
    }

    /// The summary table, one row per step, and the verdict.
    package var summaryTable: String {
        let titleWidth = max(4, steps.map(\.title.count).max() ?? 0)
        let flowWidth = max(4, steps.map(\.flow.count).max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String {
            text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
        }
        func padLeft(_ text: String, _ width: Int) -> String {
            text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
        }
        var lines = [
            " #  " + pad("step", titleWidth) + "  " + pad("flow", flowWidth) + "  result  checks     time",
            "--  " + String(repeating: "-", count: titleWidth) + "  " + String(repeating: "-", count: flowWidth)
                + "  ------  ------  -------",
        ]
        for (index, step) in steps.enumerated() {
            lines.append(
                padLeft("\(index + 1)", 2) + "  " + pad(step.title, titleWidth) + "  " + pad(step.flow, flowWidth)
                    + "  " + pad(step.passed ? "✓ ok" : "✘ FAIL", 6) + "  " + padLeft("\(step.checks)", 6) + "  "
                    + padLeft(Self.seconds(step.duration), 7))
        }
        for (index, step) in steps.enumerated() {
            if let failure = step.failure { lines.append("step \(index + 1): \(failure)") }
        }
        lines.append(verdict)
        return lines.joined(separator: "\n")
    }

    /// `0.42 s`, `12.3 s`.
    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value < 10 ? String(format: "%.2f s", value) : String(format: "%.1f s", value)
    }
}
