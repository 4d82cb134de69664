import Foundation
import ProvisioningAPI
import ProvisioningService
import Testing

@testable import SandboxNetwork

/// MDES's rules for several suspenders of one token (Customer Service API
/// 2.0.7, `/token/suspend` and `/token/unsuspend`), with the Apple Pay
/// exceptions, as the sandbox's vault applies them.
@Suite(.timeLimit(.minutes(3))) struct SuspensionsTests {
    typealias Outcome = (state: TokenState, suspenders: [Suspender])

    static func apply(
        _ action: TokenLifecycleAction, by party: Suspender, _ state: TokenState, _ suspenders: [Suspender]
    ) -> Outcome? {
        try? Suspensions.apply(action, by: party, state: state, suspenders: suspenders)
    }

    @Test func theFirstSuspensionSuspendsAndOthersAddThemselves() throws {
        let first = try #require(Self.apply(.suspend, by: .issuer, .active, []))
        #expect(first.state == .suspended && first.suspenders == [.issuer])
        let second = try #require(Self.apply(.suspend, by: .tokenRequestor, .suspended, [.issuer]))
        #expect(second.state == .suspended && second.suspenders == [.issuer, .tokenRequestor])
        let third = try #require(Self.apply(.suspend, by: .mobilePINValidation, .suspended, second.suspenders))
        #expect(third.suspenders == [.issuer, .tokenRequestor, .mobilePINValidation])
    }

    @Test func eachPartyLiftsOnlyItsOwnAndTheLastLiftReactivates() throws {
        let held: [Suspender] = [.tokenRequestor, .mobilePINChange]
        let one = try #require(Self.apply(.resume, by: .tokenRequestor, .suspended, held))
        #expect(one.state == .suspended && one.suspenders == [.mobilePINChange])
        let last = try #require(Self.apply(.resume, by: .mobilePINChange, .suspended, one.suspenders))
        #expect(last.state == .active && last.suspenders.isEmpty)
        // A party that did not suspend cannot lift anything.
        #expect(Self.apply(.resume, by: .mobilePINValidation, .suspended, held) == nil)
        #expect(Self.apply(.resume, by: .cardholder, .suspended, [.tokenRequestor]) == nil)
        #expect(Self.apply(.resume, by: .issuer, .suspended, [.tokenRequestor]) == nil)
    }

    @Test func aPartyCannotSuspendTwice() {
        #expect(Self.apply(.suspend, by: .issuer, .suspended, [.issuer]) == nil)
        #expect(Self.apply(.suspend, by: .cardholder, .suspended, [.cardholder]) == nil)
    }

    @Test func applePayTheIssuerJoinsACardholderSuspension() throws {
        let joined = try #require(Self.apply(.suspend, by: .issuer, .suspended, [.cardholder]))
        #expect(joined.state == .suspended && joined.suspenders == [.cardholder, .issuer])
    }

    @Test func applePayTheCardholderCannotSuspendATokenTheIssuerSuspended() {
        #expect(Self.apply(.suspend, by: .cardholder, .suspended, [.issuer]) == nil)
        #expect(Self.apply(.suspend, by: .cardholder, .suspended, [.tokenRequestor, .issuer]) == nil)
    }

    @Test func applePayTheCardholderCannotLiftWhileTheIssuerHoldsTheToken() {
        #expect(Self.apply(.resume, by: .cardholder, .suspended, [.cardholder, .issuer]) == nil)
        #expect(Self.apply(.resume, by: .cardholder, .suspended, [.issuer]) == nil)
    }

    @Test func applePayTheIssuersResumeOverridesTheCardholders() throws {
        let alone = try #require(Self.apply(.resume, by: .issuer, .suspended, [.cardholder]))
        #expect(alone.state == .active && alone.suspenders.isEmpty)
        let both = try #require(Self.apply(.resume, by: .issuer, .suspended, [.cardholder, .issuer]))
        #expect(both.state == .active && both.suspenders.isEmpty)
        // The wallet's suspension is not the cardholder's: it stays.
        let wallet = try #require(Self.apply(.resume, by: .issuer, .suspended, [.cardholder, .tokenRequestor]))
        #expect(wallet.state == .suspended && wallet.suspenders == [.tokenRequestor])
    }

    @Test func deletionAndActivationFollowTheStateMachineAndClearSuspenders() throws {
        let deleted = try #require(Self.apply(.delete, by: .issuer, .suspended, [.cardholder, .issuer]))
        #expect(deleted.state == .deleted && deleted.suspenders.isEmpty)
        #expect(Self.apply(.activate, by: .issuer, .inactive, [])?.state == .active)
        #expect(Self.apply(.suspend, by: .issuer, .inactive, []) == nil)
        #expect(Self.apply(.resume, by: .issuer, .active, []) == nil)
        #expect(Self.apply(.suspend, by: .cardholder, .deleted, []) == nil)
    }

    @Test func aSuspendedTokenStoredWithoutSuspendersIsTheIssuers() {
        #expect(Suspensions.parse("", state: .suspended) == [.issuer])
        #expect(Suspensions.parse("CI", state: .suspended) == [.cardholder, .issuer])
        #expect(Suspensions.parse("CI", state: .active) == [])
        #expect(Suspensions.column([.cardholder, .issuer]) == "CI")
    }

    // MARK: The vault and the device's lost mode

    static func command(_ pass: SandboxPass, _ action: TokenLifecycleAction, key: String) -> TokenStateChangeCommand {
        TokenStateChangeCommand(
            issuerId: SandboxEnvironment.issuerId, tokenId: pass.deviceAccountIdentifier, action: action,
            tokenRequestorId: Sandbox.applePayTokenRequestorId, idempotencyKey: key, scheme: .visa,
            requestedBy: .backOffice)
    }

    static func suspenders(_ pass: SandboxPass, in env: SandboxEnvironment) async throws -> [Suspender] {
        try #require(try await env.sandbox.vault.load(tokenId: pass.deviceAccountIdentifier, on: env.database))
            .suspenders
    }

    @Test func lostModeSuspendsTheDevicesPassesForTheCardholderAndLiftsThem() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let first = try await env.provision(.approve, on: phone)
            let second = try await env.provision(.approve, on: phone)
            let lost = try await env.sandbox.setLostMode(SandboxLostModeRequest(enabled: true), deviceId: phone.id)
            #expect(lost.passes.map(\.activationState) == [.suspended, .suspended])
            #expect(try await Self.suspenders(first, in: env) == [.cardholder])
            let found = try await env.sandbox.setLostMode(SandboxLostModeRequest(enabled: false), deviceId: phone.id)
            #expect(found.passes.map(\.activationState) == [.activated, .activated])
            #expect(try await Self.suspenders(second, in: env).isEmpty)
            // The service heard every state change.
            #expect(
                env.receiver.received.map(\.notification.event) == [
                    .created, .created, .suspended, .suspended, .resumed, .resumed,
                ])
        }
    }

    @Test func theIssuerJoinsLostModeAndItsResumeOverridesIt() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let pass = try await env.provision(.approve, on: phone)
            _ = try await env.sandbox.setLostMode(SandboxLostModeRequest(enabled: true), deviceId: phone.id)
            let joined = try await env.sandbox.connector.changeTokenState(Self.command(pass, .suspend, key: "k1"))
            #expect(joined.state == .suspended)
            #expect(try await Self.suspenders(pass, in: env) == [.cardholder, .issuer])
            // The cardholder cannot lift a token the issuer holds.
            let found = try await env.sandbox.setLostMode(SandboxLostModeRequest(enabled: false), deviceId: phone.id)
            #expect(found.passes.map(\.activationState) == [.suspended])
            #expect(try await Self.suspenders(pass, in: env) == [.cardholder, .issuer])
            let resumed = try await env.sandbox.connector.changeTokenState(Self.command(pass, .resume, key: "k2"))
            #expect(resumed.state == .active)
            #expect(try await Self.suspenders(pass, in: env).isEmpty)
            // Joining changed no state, so only the two moves were notified.
            #expect(env.receiver.received.map(\.notification.event) == [.created, .suspended, .resumed])
        }
    }

    @Test func lostModeLeavesATokenTheIssuerSuspendedAlone() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let pass = try await env.provision(.approve, on: phone)
            _ = try await env.sandbox.connector.changeTokenState(Self.command(pass, .suspend, key: "k1"))
            _ = try await env.sandbox.setLostMode(SandboxLostModeRequest(enabled: true), deviceId: phone.id)
            #expect(try await Self.suspenders(pass, in: env) == [.issuer])
            let found = try await env.sandbox.setLostMode(SandboxLostModeRequest(enabled: false), deviceId: phone.id)
            #expect(found.passes.map(\.activationState) == [.suspended])
            // The issuer suspending again is refused: its suspension is there.
            await #expect {
                _ = try await env.sandbox.connector.changeTokenState(Self.command(pass, .suspend, key: "k2"))
            } throws: { ($0 as? ServiceError)?.code == .networkRejected }
            let resumed = try await env.sandbox.connector.changeTokenState(Self.command(pass, .resume, key: "k3"))
            #expect(resumed.state == .active)
        }
    }

    @Test func lostModeOfAnUnknownDeviceIsNotFound() async throws {
        try await SandboxEnvironment.with { env in
            _ = await #expect {
                _ = try await env.sandbox.setLostMode(SandboxLostModeRequest(enabled: true), deviceId: "nope")
            } throws: { ($0 as? SandboxError)?.code == .unknownDevice }
        }
    }
}
