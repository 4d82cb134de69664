import Foundation
import PassKitEmulation
import TestSupport

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
