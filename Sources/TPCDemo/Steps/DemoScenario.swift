/// The demo's step list: the set-up, then every flow that exists, in the
/// order a newcomer meets them.
///
/// Flows that land later join here: the Wallet-extension path (flow B:
/// Wallet lists the bank's cards through the issuer extension and adds one)
/// after ``DemoStep/declinedCard``, and the issuer wallet's digital cards
/// (flow D: card list, a payment, a replenishment) before
/// ``DemoStep/backOffice``, each as a ``DemoStep`` using the same
/// ``DemoContext`` (service, bank, simulated devices).
public enum DemoScenario {
    /// Every step, in order.
    @MainActor public static let standard: [DemoStep] = [
        .startService,
        .simulatedDevices,
        .provisionToiPhone,
        .provisionToWatch,
        .activationFromDeepLink,
        .lifecycle,
        .declinedCard,
        .backOffice,
    ]

    /// The ``DemoContext/values`` key of the work directory the demo made
    /// (removed at the end unless files are kept).
    public static let workDirectoryKey = "workDirectory"
}
