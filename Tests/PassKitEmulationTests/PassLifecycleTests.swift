import Foundation
import PassKitEmulation
import ProvisioningAPI
import TestSupport
import Testing

/// Pass states after the sheet: in-app verification, activation, and states
/// that follow the network's tokens.
@Suite(.timeLimit(.minutes(10))) struct PassLifecycleTests {
    /// Adds a fresh card of `outcome` to the phone of a new wallet: the run
    /// (issuer, wallet, card, and the delegate holding the service's answer)
    /// and the pass.
    private func addToPhone(
        _ outcome: SandboxCardOutcome, watch: Bool = false
    ) async throws -> (run: SheetRun, pass: PKPaymentPass) {
        let run = try await SheetRun.run(outcome, watch: watch)
        return (run, try #require(run.finish.pass))
    }

    @Test func passThatRequiresActivationOpensTheAppForVerification() async throws {
        let (run, pass) = try await addToPhone(.requireActivation)
        let wallet = run.wallet
        wallet.appLaunchURL = try #require(URL(string: "bankapp://wallet/verify"))
        #expect(pass.passActivationState == .requiresActivation)

        let url = try #require(wallet.issuerAppLaunchURL(for: pass))
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        #expect(components.scheme == "bankapp")
        #expect(components.host == "wallet")
        #expect(components.path == "/verify")
        let items = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value) })
        #expect(items["passTypeIdentifier"] == "paymentpass.com.apple")
        #expect(items["serialNumber"] == pass.serialNumber)
        #expect(items["action"] == "verify")

        let serial = try #require(items["serialNumber"] ?? nil)
        let found = await SimulatedWallet.withCurrent(wallet) {
            PKPassLibrary().pass(withPassTypeIdentifier: "paymentpass.com.apple", serialNumber: serial)
        }
        #expect(found?.secureElementPass?.deviceAccountIdentifier == pass.deviceAccountIdentifier)
    }

    @Test func activePassHasNoLaunchURL() async throws {
        let (run, pass) = try await addToPhone(.approve)
        let wallet = run.wallet
        #expect(wallet.issuerAppLaunchURL(for: pass) == nil)
    }

    @Test func activationDataActivatesThePass() async throws {
        let (run, pass) = try await addToPhone(.requireActivation)
        let (wallet, delegate) = (run.wallet, run.delegate)
        let activationData = try #require(delegate.response?.activationData)

        let library = await SimulatedWallet.withCurrent(wallet) { PKPassLibrary() }
        #expect(library.isSecureElementPassActivationAvailable)
        let activated = try await library.activate(pass, activationData: activationData)
        #expect(activated)
        let reread = library.pass(withPassTypeIdentifier: pass.passTypeIdentifier, serialNumber: pass.serialNumber)
        #expect(reread?.secureElementPass?.passActivationState == .activated)
    }

    @Test func lostModeSuspendsThePhonesPassesUntilItEnds() async throws {
        let (run, pass) = try await addToPhone(.approve)
        let wallet = run.wallet
        let library = await SimulatedWallet.withCurrent(wallet) { PKPassLibrary() }
        func state() -> PKSecureElementPass.PassActivationState? {
            library.pass(withPassTypeIdentifier: pass.passTypeIdentifier, serialNumber: pass.serialNumber)?
                .secureElementPass?.passActivationState
        }
        try await wallet.setLostMode(true)
        #expect(state() == .suspended)
        try await wallet.setLostMode(false)
        #expect(state() == .activated)
    }

    @Test func wrongActivationDataIsRefused() async throws {
        let (run, pass) = try await addToPhone(.requireActivation)
        let (wallet, delegate) = (run.wallet, run.delegate)
        var wrong = try #require(delegate.response?.activationData)
        wrong[wrong.startIndex] ^= 0xFF

        let library = await SimulatedWallet.withCurrent(wallet) { PKPassLibrary() }
        let result: (Bool, String?) = try await BoundedWait.run("activate's completion") { done in
            library.activate(pass, activationData: wrong) { success, error in
                done((success, error.map { ($0 as NSError).domain }))
            }
        }
        #expect(result.0 == false)
        #expect(result.1 == PKPassKitErrorDomain)
        let reread = library.pass(withPassTypeIdentifier: pass.passTypeIdentifier, serialNumber: pass.serialNumber)
        #expect(reread?.secureElementPass?.passActivationState == .requiresActivation)
    }

    @Test func synchronizeFollowsTokenStateChangedAtTheService() async throws {
        let (run, pass) = try await addToPhone(.approve)
        let (issuer, wallet, card) = (run.issuer, run.wallet, run.card)
        let library = await SimulatedWallet.withCurrent(wallet) { PKPassLibrary() }
        func state() -> PKSecureElementPass.PassActivationState? {
            library.pass(withPassTypeIdentifier: pass.passTypeIdentifier, serialNumber: pass.serialNumber)?
                .secureElementPass?.passActivationState
        }

        try await issuer.changeTokenState(tokenId: pass.deviceAccountIdentifier, action: .suspend, scheme: card.scheme)
        #expect(state() == .activated)
        try await wallet.synchronize()
        #expect(state() == .suspended)

        try await issuer.changeTokenState(tokenId: pass.deviceAccountIdentifier, action: .resume, scheme: card.scheme)
        try await wallet.synchronize()
        #expect(state() == .activated)

        try await issuer.changeTokenState(tokenId: pass.deviceAccountIdentifier, action: .delete, scheme: card.scheme)
        try await wallet.synchronize()
        #expect(state() == .deactivated)
        #expect(library.canAddSecureElementPass(primaryAccountIdentifier: pass.primaryAccountIdentifier))
    }

    @Test func periodicSynchronizationPicksUpASuspension() async throws {
        let (run, pass) = try await addToPhone(.approve)
        let (issuer, wallet, card) = (run.issuer, run.wallet, run.card)
        let library = await SimulatedWallet.withCurrent(wallet) { PKPassLibrary() }
        let poller = wallet.synchronizePeriodically(every: .milliseconds(20))
        defer { poller.cancel() }

        try await issuer.changeTokenState(tokenId: pass.deviceAccountIdentifier, action: .suspend, scheme: card.scheme)
        try await waitUntil {
            library.pass(withPassTypeIdentifier: pass.passTypeIdentifier, serialNumber: pass.serialNumber)?
                .secureElementPass?.passActivationState == .suspended
        }
    }

    @Test func anotherProcessOpeningTheDirectorySharesThePasses() async throws {
        let (run, pass) = try await addToPhone(.approve, watch: true)
        let wallet = run.wallet

        let reopened = try SimulatedWallet.open(wallet.directory)
        #expect(reopened.iPhone == wallet.iPhone)
        #expect(reopened.watch == wallet.watch)
        let library = await SimulatedWallet.withCurrent(reopened) { PKPassLibrary() }
        #expect(library.passes().map(\.serialNumber) == [pass.serialNumber])
    }

    @Test func watchSessionReportsThePairedWatch() async throws {
        let sandbox = try await SandboxServer.shared()
        let paired = try await makeWallet(sandbox, watch: true)
        let alone = try await makeWallet(sandbox, watch: false)
        #expect(paired.isWatchPaired)
        #expect(!alone.isWatchPaired)

        let observer = SessionObserver()
        let reported = try await SimulatedWallet.withCurrent(paired) { @MainActor in
            #expect(WCSession.isSupported())
            let session = WCSession.default
            session.delegate = observer
            session.activate()
            return try await observer.activation()
        }
        #expect(reported.state == .activated)
        #expect(reported.isPaired)
        let unpaired = await SimulatedWallet.withCurrent(alone) { WCSession.default.isPaired }
        #expect(!unpaired)
    }
}

/// A `WCSessionDelegate` that hands the activation to the test; nonisolated,
/// as WCSession calls it on a queue of its own.
final class SessionObserver: NSObject, WCSessionDelegate, Sendable {
    struct Activation: Sendable {
        let state: WCSessionActivationState
        let isPaired: Bool
    }

    private let result = BoundedWait<Activation>("WCSessionDelegate's activationDidCompleteWith")

    func activation() async throws -> Activation {
        try await result.value()
    }

    func session(
        _ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
        error: (any Error)?
    ) {
        result.resume(returning: Activation(state: activationState, isPaired: session.isPaired))
    }

    func sessionDidBecomeInactive(_ session: WCSession) {}
    func sessionDidDeactivate(_ session: WCSession) {}
}
