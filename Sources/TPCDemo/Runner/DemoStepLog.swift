import Foundation

/// What a running step prints: details, verified checks and progress.
///
/// Lines are indented under the step's title. A failed ``check(_:_:)``
/// throws, which ends the step as failed.
@MainActor
package final class DemoStepLog {
    private let output: DemoOutput
    /// The checks that held so far.
    package private(set) var verified: [String] = []

    init(output: DemoOutput) {
        self.output = output
    }

    /// Prints a detail: what the step is doing or what it saw.
    package func detail(_ text: String) {
        output.line("      " + text)
    }

    /// Records and prints a check that holds, or throws `verification-failed`.
    package func check(_ condition: Bool, _ claim: String) throws {
        guard condition else {
            output.line("      ✘ " + claim)
            throw DemoError(.verificationFailed, "not verified: " + claim)
        }
        verified.append(claim)
        output.line("      ✓ " + claim)
    }

    /// The value, or a failed check named `claim`.
    package func require<T>(_ value: T?, _ claim: String) throws -> T {
        try check(value != nil, claim)
        guard let value else { throw DemoError(.verificationFailed, "not verified: " + claim) }
        return value
    }
}
