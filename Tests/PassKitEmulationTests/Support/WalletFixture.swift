import Foundation
import PassKitEmulation
import ProvisioningAPI
import TestSupport
import Testing

/// A fresh simulated wallet registered at the shared sandbox, in its own
/// temporary directory.
func makeWallet(
    _ sandbox: SandboxServer, watch: Bool = false, sheetTimeout: Duration = .seconds(20)
) async throws -> SimulatedWallet {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("passkit-wallet-\(UUID().uuidString)", isDirectory: true)
    let wallet = try await SimulatedWallet.create(
        in: directory, sandboxURL: sandbox.baseURL, iPhoneName: "Test iPhone",
        watchName: watch ? "Test Watch" : nil)
    wallet.sheetTimeout = sheetTimeout
    return wallet
}

/// One presentation of the add sheet for a fresh sandbox card of `outcome` on
/// a new wallet, with the scripted `user` (if any) and an issuer app that
/// answers as `behaviour` says: what each sheet test starts from.
struct SheetRun {
    let issuer: IssuerBackend
    let wallet: SimulatedWallet
    let card: SandboxTestCard
    let delegate: IssuerDelegate
    let finish: IssuerDelegate.Finish

    static func run(
        _ outcome: SandboxCardOutcome = .approve, behaviour: IssuerDelegate.Behaviour = .answer,
        user: SimulatedUserChoice? = nil, watch: Bool = false, sheetTimeout: Duration = .seconds(20)
    ) async throws -> SheetRun {
        let sandbox = try await SandboxServer.shared()
        let issuer = try IssuerBackend(sandbox: sandbox)
        let wallet = try await makeWallet(sandbox, watch: watch, sheetTimeout: sheetTimeout)
        let card = try await issuer.card(outcome)
        if let user { wallet.scriptUser(user) }
        let delegate = IssuerDelegate(issuer: issuer, card: card, behaviour: behaviour)
        let finish = try #require(
            try await SimulatedWallet.withCurrent(wallet) {
                try await presentSheet(for: card, delegate: delegate)
            })
        return SheetRun(issuer: issuer, wallet: wallet, card: card, delegate: delegate, finish: finish)
    }

    /// The passes the wallet holds now.
    func passCount() async -> Int {
        await SimulatedWallet.withCurrent(wallet) { PKPassLibrary().passes().count }
    }
}
