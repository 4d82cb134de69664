import Foundation
import PassKitEmulation
import TestSupport
import Testing
import WalletExtensions

/// Handlers that break Apple's rules, each caught by the simulated Wallet app.
@Suite("Badly behaved handlers", .serialized, .timeLimit(.minutes(10)))
@MainActor
struct BadHandlerTests {
    /// Answers `status` after a network-like wait.
    final class SlowStatusHandler: PKIssuerProvisioningExtensionHandler {
        override func status(completion: @escaping (PKIssuerProvisioningExtensionStatus) -> Void) {
            Thread.sleep(forTimeInterval: 0.5)
            let status = PKIssuerProvisioningExtensionStatus()
            status.passEntriesAvailable = true
            completion(status)
        }
    }

    /// Calls every completion twice.
    final class DoubleCompletionHandler: PKIssuerProvisioningExtensionHandler {
        override func status(completion: @escaping (PKIssuerProvisioningExtensionStatus) -> Void) {
            let status = PKIssuerProvisioningExtensionStatus()
            status.passEntriesAvailable = true
            completion(status)
            completion(status)
        }

        override func passEntries(completion: @escaping ([PKIssuerProvisioningExtensionPassEntry]) -> Void) {
            completion([])
            completion([])
        }
    }

    /// Never calls the entries' completion.
    final class SilentHandler: PKIssuerProvisioningExtensionHandler {
        override func status(completion: @escaping (PKIssuerProvisioningExtensionStatus) -> Void) {
            let status = PKIssuerProvisioningExtensionStatus()
            status.passEntriesAvailable = true
            completion(status)
        }

        override func passEntries(completion: @escaping ([PKIssuerProvisioningExtensionPassEntry]) -> Void) {}
    }

    private func inWallet(_ body: (SimulatedWallet) async throws -> Void) async throws {
        try await EndToEndHarness.run { world in try await body(world.wallet) }
    }

    @Test("a status slower than 100 ms leaves the issuer out of Wallet, and the late answer is ignored")
    func slowStatusIsCaught() async throws {
        try await inWallet { wallet in
            let app = SimulatedWalletApp(wallet: wallet, issuerExtension: SlowStatusHandler())
            let visit = await app.addCards(to: .iPhone)
            #expect(visit.status == nil && !visit.isIssuerListed)
            let diagnostic = try #require(visit.diagnostics.first { $0.code == .statusTooSlow })
            #expect(diagnostic.detail.contains("status") && diagnostic.detail.contains("100 ms"))
            try await Task.sleep(nanoseconds: 700_000_000)
            let late = try #require(wallet.diagnostics.first { $0.code == .handlerCalledLate })
            #expect(late.detail.hasPrefix("status:"))
        }
    }

    @Test("a completion called twice is reported for status and for passEntries")
    func doubleCompletionIsCaught() async throws {
        try await inWallet { wallet in
            let app = SimulatedWalletApp(
                wallet: wallet, issuerExtension: DoubleCompletionHandler(), limits: ExtensionWorld.relaxedLimits)
            let visit = await app.addCards(to: .iPhone)
            #expect(visit.isIssuerListed)
            let twice = visit.diagnostics.filter { $0.code == .handlerCalledTwice }.map(\.detail)
            #expect(twice.contains { $0.hasPrefix("status:") })
            #expect(twice.contains { $0.hasPrefix("passEntries:") })
            #expect(twice.allSatisfy { $0.contains("exactly once") })
        }
    }

    @Test("a completion never called times out with a clear message")
    func missingCompletionIsCaught() async throws {
        try await inWallet { wallet in
            var limits = ExtensionWorld.relaxedLimits
            limits.entries = .milliseconds(300)
            let app = SimulatedWalletApp(wallet: wallet, issuerExtension: SilentHandler(), limits: limits)
            let visit = await app.addCards(to: .iPhone)
            #expect(visit.isIssuerListed && visit.entries.isEmpty)
            let timeout = try #require(visit.diagnostics.first { $0.code == .handlerTimedOut })
            #expect(timeout.detail.hasPrefix("passEntries:") && timeout.detail.contains("was not called"))
        }
    }

    @Test("status asking for sign-in without a sign-in extension is reported")
    func missingSignInExtensionIsCaught() async throws {
        try await inWallet { wallet in
            final class NeedsSignIn: PKIssuerProvisioningExtensionHandler {
                override func status(completion: @escaping (PKIssuerProvisioningExtensionStatus) -> Void) {
                    let status = PKIssuerProvisioningExtensionStatus()
                    status.requiresAuthentication = true
                    status.passEntriesAvailable = true
                    completion(status)
                }
            }
            let app = SimulatedWalletApp(
                wallet: wallet, issuerExtension: NeedsSignIn(), limits: ExtensionWorld.relaxedLimits)
            let visit = await app.addCards(to: .iPhone)
            #expect(visit.authorization == .canceled && visit.noticed(.authorizationExtensionMissing))
        }
    }
}
