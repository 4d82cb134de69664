import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningService
import SandboxNetwork
import Testing

@Suite(.timeLimit(.minutes(10))) struct AddPassTests {
    static func code(_ error: any Error) -> SandboxError.Code? {
        (error as? SandboxError)?.code
    }

    @Test func approveCardGivesAnActivatedPassAndASignedCreatedEvent() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let provisioningId = try SecureRandom.bytes(count: 16)
            let pass = try await env.provision(.approve, on: phone, provisioningId: provisioningId)
            let card = try env.card(.approve)
            #expect(pass.activationState == .activated)
            #expect(pass.passTypeIdentifier == "paymentpass.com.apple")
            #expect(pass.primaryAccountNumberSuffix == card.panLastFour)
            #expect(pass.deviceId == phone.id)
            #expect(pass.deviceAccountNumberSuffix.count == 4)
            #expect(!pass.primaryAccountIdentifier.isEmpty)

            // Delivered before the pass was returned.
            let events = env.receiver.received
            #expect(events.count == 1)
            let event = try #require(events.first)
            #expect(event.network == "visa")
            #expect(event.notification.event == .created)
            #expect(event.notification.state == .active)
            #expect(event.notification.issuerId == SandboxEnvironment.issuerId)
            #expect(event.notification.tokenId == pass.deviceAccountIdentifier)
            #expect(event.notification.tokenSuffix == pass.deviceAccountNumberSuffix)
            #expect(event.notification.tokenExpiry?.count == 5)
            #expect(event.notification.device == DeviceInfo(id: phone.id, name: "Test iPhone", type: .phone))
            #expect(event.notification.tokenRequestorId == Sandbox.applePayTokenRequestorId)
            #expect(event.provisioningId == Hex.encode(provisioningId))
            #expect(env.receiver.refusedSignatures == 0)
            #expect(try await env.sandbox.pendingNotificationCount() == 0)
        }
    }

    @Test func requireActivationCardGivesAPassThatRequiresActivation() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let pass = try await env.provision(.requireActivation, scheme: .mastercard, on: phone)
            #expect(pass.activationState == .requiresActivation)
            let event = try #require(env.receiver.received.first)
            #expect(event.network == "mastercard")
            #expect(event.notification.state == .inactive)
        }
    }

    @Test func declineCardIsRefusedWithoutTokenOrEvent() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let nonce = [UInt8](try await env.sandbox.issueNonce(deviceId: phone.id).nonce)
            let request = try env.addRequest(card: try env.card(.decline), nonce: nonce, signedBy: phone.key)
            for _ in 0..<2 {
                await #expect {
                    _ = try await env.sandbox.addPass(request, deviceId: phone.id)
                } throws: { Self.code($0) == .declined }
            }
            #expect(SandboxError(.declined, "x").problem.type == .declined)
            #expect(try await env.count("sandbox_tokens") == 0)
            #expect(try await env.count("sandbox_passes") == 0)
            #expect(try await env.count("sandbox_outbox") == 0)
            #expect(env.receiver.received.isEmpty)
        }
    }

    @Test func resubmittingTheSameRequestReturnsTheSamePass() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let nonce = [UInt8](try await env.sandbox.issueNonce(deviceId: phone.id).nonce)
            let request = try env.addRequest(card: try env.card(.approve), nonce: nonce, signedBy: phone.key)
            let first = try await env.sandbox.addPass(request, deviceId: phone.id)
            let second = try await env.sandbox.addPass(request, deviceId: phone.id)
            #expect(first == second)
            #expect(try await env.count("sandbox_tokens") == 1)
            #expect(try await env.count("sandbox_outbox") == 1)
            #expect(env.receiver.received.count == 1)
        }
    }

    @Test func aNewRequestWithAUsedNonceIsAReplay() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let nonce = [UInt8](try await env.sandbox.issueNonce(deviceId: phone.id).nonce)
            _ = try await env.sandbox.addPass(
                try env.addRequest(card: try env.card(.approve), nonce: nonce, signedBy: phone.key), deviceId: phone.id)
            let replay = try env.addRequest(card: try env.card(.approve), nonce: nonce, signedBy: phone.key)
            await #expect {
                _ = try await env.sandbox.addPass(replay, deviceId: phone.id)
            } throws: { Self.code($0) == .nonceReplayed }
            #expect(SandboxError(.nonceReplayed, "x").problem.status == 409)
            #expect(try await env.count("sandbox_tokens") == 1)
        }
    }

    @Test func expiredNonceIsRefused() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let nonce = try await env.sandbox.issueNonce(deviceId: phone.id)
            #expect(nonce.nonce.count == 32)
            #expect(nonce.expiresAt == env.clock.now.addingTimeInterval(300))
            let request = try env.addRequest(
                card: try env.card(.approve), nonce: [UInt8](nonce.nonce), signedBy: phone.key)
            env.clock.advance(by: 301)
            await #expect {
                _ = try await env.sandbox.addPass(request, deviceId: phone.id)
            } throws: { Self.code($0) == .nonceExpired }
            #expect(try await env.count("sandbox_tokens") == 0)
        }
    }

    @Test func nonceIssuedToAnotherDeviceIsRefused() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let other = try await env.registerDevice()
            let nonce = [UInt8](try await env.sandbox.issueNonce(deviceId: other.id).nonce)
            let request = try env.addRequest(card: try env.card(.approve), nonce: nonce, signedBy: phone.key)
            await #expect {
                _ = try await env.sandbox.addPass(request, deviceId: phone.id)
            } throws: { Self.code($0) == .nonceUnknown }
            // Never issued at all.
            let invented = try SecureRandom.bytes(count: 32)
            let inventedRequest = try env.addRequest(card: try env.card(.approve), nonce: invented, signedBy: phone.key)
            await #expect {
                _ = try await env.sandbox.addPass(inventedRequest, deviceId: phone.id)
            } throws: { Self.code($0) == .nonceUnknown }
            #expect(try await env.count("sandbox_tokens") == 0)
        }
    }

    @Test func nonceSignedByAnotherKeyIsRefusedAndTheNonceStaysUsable() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let nonce = [UInt8](try await env.sandbox.issueNonce(deviceId: phone.id).nonce)
            let forged = try env.addRequest(card: try env.card(.approve), nonce: nonce, signedBy: try P256.PrivateKey())
            await #expect {
                _ = try await env.sandbox.addPass(forged, deviceId: phone.id)
            } throws: { Self.code($0) == .nonceSignatureInvalid }
            let genuine = try env.addRequest(card: try env.card(.approve), nonce: nonce, signedBy: phone.key)
            let pass = try await env.sandbox.addPass(genuine, deviceId: phone.id)
            #expect(pass.activationState == .activated)
        }
    }

    @Test func submittedNonceMustBeTheOneInsideThePassData() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let issued = [UInt8](try await env.sandbox.issueNonce(deviceId: phone.id).nonce)
            let other = [UInt8](try await env.sandbox.issueNonce(deviceId: phone.id).nonce)
            let request = try env.addRequest(
                card: try env.card(.approve), nonce: issued, signedBy: phone.key, innerNonce: other)
            await #expect {
                _ = try await env.sandbox.addPass(request, deviceId: phone.id)
            } throws: { Self.code($0) == .nonceUnknown }
        }
    }

    @Test func activationDataFromAnotherSecretIsRefused() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let nonce = [UInt8](try await env.sandbox.issueNonce(deviceId: phone.id).nonce)
            let request = try env.addRequest(
                card: try env.card(.approve), nonce: nonce, signedBy: phone.key,
                activationSecret: try SecureRandom.bytes(count: 32))
            await #expect {
                _ = try await env.sandbox.addPass(request, deviceId: phone.id)
            } throws: { error in
                Self.code(error) == .activationDataInvalid
                    && (error as? SandboxError)?.problem.errors?.first?.field == "/activationData"
            }
            #expect(try await env.count("sandbox_tokens") == 0)
        }
    }

    @Test func activationDataPicksTheIssuerAmongThoseSharingTheBIN() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let nonce = [UInt8](try await env.sandbox.issueNonce(deviceId: phone.id).nonce)
            let request = try env.addRequest(
                card: try env.card(.approve), nonce: nonce, signedBy: phone.key,
                activationSecret: env.otherActivationSecret)
            _ = try await env.sandbox.addPass(request, deviceId: phone.id)
            #expect(env.receiver.received.first?.notification.issuerId == SandboxEnvironment.otherIssuerId)
        }
    }

    @Test func passDataForAnotherLeafDoesNotDecrypt() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let nonce = [UInt8](try await env.sandbox.issueNonce(deviceId: phone.id).nonce)
            var request = try env.addRequest(card: try env.card(.approve), nonce: nonce, signedBy: phone.key)
            let stranger = try P256.PrivateKey()
            request.ephemeralPublicKey = Data(stranger.publicKey.x963Representation)
            await #expect {
                _ = try await env.sandbox.addPass(request, deviceId: phone.id)
            } throws: { Self.code($0) == .passDataUndecryptable }
        }
    }

    @Test func unknownDeviceIsNotFound() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let nonce = [UInt8](try await env.sandbox.issueNonce(deviceId: phone.id).nonce)
            let request = try env.addRequest(card: try env.card(.approve), nonce: nonce, signedBy: phone.key)
            await #expect {
                _ = try await env.sandbox.addPass(request, deviceId: "no-such-device")
            } throws: { error in
                Self.code(error) == .unknownDevice && (error as? SandboxError)?.problem.status == 404
            }
        }
    }

    @Test func noCardNumberOrNonceIsStoredInClear() async throws {
        let environment = try await SandboxEnvironment.make()
        let phone = try await environment.registerDevice()
        let nonce = [UInt8](try await environment.sandbox.issueNonce(deviceId: phone.id).nonce)
        let card = try environment.card(.requireActivation)
        let request = try environment.addRequest(card: card, nonce: nonce, signedBy: phone.key)
        let pass = try await environment.sandbox.addPass(request, deviceId: phone.id)
        _ = try await environment.sandbox.activatePass(
            serialNumber: pass.serialNumber, deviceId: phone.id,
            request: SandboxPassActivationRequest(activationData: request.activationData))
        await environment.close(removingFiles: false)
        defer { try? FileManager.default.removeItem(at: environment.directory) }
        var bytes = Data()
        for suffix in ["", "-wal", "-shm"] {
            bytes += (try? Data(contentsOf: URL(fileURLWithPath: environment.databasePath + suffix))) ?? Data()
        }
        #expect(!bytes.isEmpty)
        #expect(bytes.range(of: Data(card.pan.utf8)) == nil)
        #expect(bytes.range(of: Data(Hex.encode(nonce).utf8)) == nil)
        #expect(bytes.range(of: Data(nonce)) == nil)
    }
}
