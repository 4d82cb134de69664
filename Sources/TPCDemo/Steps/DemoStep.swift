/// One step of the demo: a flow, or the set-up of the world the flows run in.
///
/// A step does something real through the SDK, the emulation or the service,
/// prints what happens through its ``DemoStepLog``, and verifies the outcome
/// with ``DemoStepLog/check(_:_:)``; it fails by throwing. Steps run in
/// order and share a ``DemoContext``; a step whose prerequisite an earlier
/// step did not make fails with `missing-prerequisite` while the rest still
/// run.
///
/// New flows join the demo by adding steps to ``DemoScenario``:
///
/// ```swift
/// extension DemoStep {
///     static let walletExtension = DemoStep("Wallet's issuer extension adds a card", flow: "B") { context, log in
///         let wallet = try context.requireWallet()
///         …
///         try log.check(entries.count == 1, "the extension lists one card for the Watch")
///     }
/// }
/// ```
package struct DemoStep: Sendable {
    /// The work of a step.
    package typealias Body = @MainActor @Sendable (DemoContext, DemoStepLog) async throws -> Void

    /// The one-line title shown as the step starts and in the summary.
    package let title: String
    /// The flow of docs/architecture.md the step shows ("setup", "A", "C"…).
    package let flow: String
    let body: Body

    package init(_ title: String, flow: String, body: @escaping Body) {
        self.title = title
        self.flow = flow
        self.body = body
    }
}
