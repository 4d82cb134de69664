import Foundation
import IssuerTools
import PassKitEmulation
import PushProvisioning

/// Runs the demo's steps in order, printing each as it happens (title,
/// details, checks, progress on long steps, timing), then the summary table.
///
/// ```swift
/// let report = await DemoRunner(options: DemoOptions(executable: tpc)).run()
/// exit(report.passed ? 0 : 1)
/// ```
@MainActor
package struct DemoRunner {
    /// The options.
    package let options: DemoOptions
    /// The steps, in order (``DemoScenario/standard`` by default).
    package let steps: [DemoStep]
    private let output: DemoOutput

    /// How long a step runs before the runner reports that it still runs.
    package static let progressInterval = Duration.seconds(2)

    package init(options: DemoOptions, steps: [DemoStep] = DemoScenario.standard, output: DemoOutput = DemoOutput()) {
        self.options = options
        self.steps = steps
        self.output = output
    }

    /// Runs every step and prints the summary; cleans up (the sandbox child,
    /// the temporary files, the SDK's configuration) whatever happens.
    package func run() async -> DemoReport {
        let context = DemoContext(options: options, output: output)
        output.line("tpc demo — Apple Pay in-app provisioning, end to end on the sandbox")
        output.line("")
        let started = ContinuousClock.now
        var results: [DemoReport.StepResult] = []
        for (index, step) in steps.enumerated() {
            results.append(await run(step, number: index + 1, context: context))
        }
        let report = DemoReport(steps: results, duration: ContinuousClock.now - started)
        await tearDown(context)
        output.line("")
        output.line(report.summaryTable)
        return report
    }

    private func run(_ step: DemoStep, number: Int, context: DemoContext) async -> DemoReport.StepResult {
        output.line("[\(number)/\(steps.count)] \(step.title)")
        let log = DemoStepLog(output: output)
        let started = ContinuousClock.now
        let output = self.output
        let ticker = Task {
            var elapsed = Duration.zero
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.progressInterval)
                if Task.isCancelled { break }
                elapsed += Self.progressInterval
                output.line("      … still running (\(Int(elapsed / .seconds(1))) s)")
            }
        }
        var failure: String?
        do {
            try await step.body(context, log)
        } catch let error as DemoError {
            failure = error.description
        } catch let error as IssuerToolError {
            failure = error.description
        } catch let error as TPCError {
            failure =
                "TPCError \(error.code): \(error.localizedDescription)"
                + (error.requestId.map { " [request \($0)]" } ?? "")
        } catch {
            failure = "\(type(of: error)): \(Self.describe(error))"
        }
        ticker.cancel()
        let duration = ContinuousClock.now - started
        if let failure {
            output.line("      ✘ failed after \(DemoReport.seconds(duration)): \(failure)")
        } else {
            output.line("      done in \(DemoReport.seconds(duration))")
        }
        return DemoReport.StepResult(
            title: step.title, flow: step.flow, passed: failure == nil, checks: log.verified.count,
            duration: duration, failure: failure)
    }

    /// Errors of the emulation and the SDK describe themselves without
    /// secrets; NSErrors show their domain and code.
    static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == PKPassKitErrorDomain { return "\(nsError.domain) code \(nsError.code)" }
        return String(describing: error)
    }

    private func tearDown(_ context: DemoContext) async {
        await context.wireTap?.stop()
        SimulatedWallet.install(nil)
        TPCSDK.reset()
        await context.sandboxProcess?.stop()
        if let directory = context.values[DemoScenario.workDirectoryKey] {
            if options.keepFiles {
                output.line("")
                output.line("files kept in \(directory)")
            } else {
                try? FileManager.default.removeItem(atPath: directory)
            }
        }
    }
}
