/// The demo's step list: the set-up, then every flow that exists, in the
/// order a newcomer meets them: in-app provisioning (A), activation and
/// lifecycle (C), Wallet's issuer extension (B), the issuer wallet's digital
/// cards (D), and the back office, which finds the tokens of A, B and C.
///
/// New flows join as ``DemoStep``s using the same ``DemoContext`` (service,
/// bank, simulated devices).
package enum DemoScenario {
    /// Every step, in order.
    @MainActor package static let standard: [DemoStep] = [
        .startService,
        .simulatedDevices,
        .provisionToiPhone,
        .provisionToWatch,
        .activationFromDeepLink,
        .lifecycle,
        .declinedCard,
        .walletExtensionEntries,
        .walletExtensionAdd,
        .issuerWalletCards,
        .issuerWalletPayments,
        .backOffice,
        .mastercardMDES,
    ]

    /// The ``DemoContext/values`` key of the work directory the demo made
    /// (removed at the end unless files are kept).
    package static let workDirectoryKey = "workDirectory"
}
