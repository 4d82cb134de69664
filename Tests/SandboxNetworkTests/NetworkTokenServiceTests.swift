import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import ProvisioningService
import SandboxNetwork
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(10))) struct NetworkTokenServiceTests {
    static func command(
        _ pass: SandboxPass, _ action: TokenLifecycleAction, key: String, issuer: String = SandboxEnvironment.issuerId
    ) -> TokenStateChangeCommand {
        TokenStateChangeCommand(
            issuerId: issuer, tokenId: pass.deviceAccountIdentifier, action: action,
            tokenRequestorId: Sandbox.applePayTokenRequestorId, idempotencyKey: key, scheme: .visa,
            requestedBy: .backOffice)
    }

    @Test func sameIdempotencyKeyAppliesOnce() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let pass = try await env.provision(.approve, on: phone)
            let connector = env.sandbox.connector
            let first = try await connector.changeTokenState(Self.command(pass, .suspend, key: "jti-1"))
            let second = try await connector.changeTokenState(Self.command(pass, .suspend, key: "jti-1"))
            #expect(first == second)
            #expect(first.state == .suspended)
            #expect(try await env.count("sandbox_token_operations") == 1)
            // created + suspended, not a second suspended.
            #expect(env.receiver.received.map(\.notification.event) == [.created, .suspended])
        }
    }

    @Test func notificationsReachAnHTTPSServiceThroughItsPinnedCertificate() async throws {
        let tls = try await SelfSignedTLS.make()
        let env = try await SandboxEnvironment.make(tls: tls)
        do {
            #expect(env.baseURL.hasPrefix("https://127.0.0.1:"))
            let phone = try await env.registerDevice()
            let pass = try await env.provision(.approve, on: phone)
            _ = try await env.sandbox.connector.changeTokenState(Self.command(pass, .suspend, key: "jti-tls"))
            #expect(env.receiver.received.map(\.notification.event) == [.created, .suspended])
            #expect(try await env.sandbox.pendingNotificationCount() == 0)
        } catch {
            await env.close()
            throw error
        }
        await env.close()
    }

    @Test func illegalActionIsRejectedAndChangesNothing() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let pass = try await env.provision(.approve, on: phone)
            await #expect {
                _ = try await env.sandbox.connector.changeTokenState(Self.command(pass, .resume, key: "k"))
            } throws: { ($0 as? ServiceError)?.code == .networkRejected }
            #expect(try await env.count("sandbox_token_operations") == 0)
            let token = try await env.sandbox.connector.token(
                issuerId: SandboxEnvironment.issuerId, tokenId: pass.deviceAccountIdentifier, scheme: .visa)
            #expect(token?.state == .active)
        }
    }

    @Test func anotherIssuersTokenIsUnknown() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let pass = try await env.provision(.approve, on: phone)
            await #expect {
                _ = try await env.sandbox.connector.changeTokenState(
                    Self.command(pass, .suspend, key: "k", issuer: SandboxEnvironment.otherIssuerId))
            } throws: { ($0 as? ServiceError)?.code == .networkUnknownToken }
            let seen = try await env.sandbox.connector.token(
                issuerId: SandboxEnvironment.otherIssuerId, tokenId: pass.deviceAccountIdentifier, scheme: .visa)
            #expect(seen == nil)
        }
    }

    @Test func tokenReportsSuffixesDeviceAndProvisioningId() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let provisioningId = try SecureRandom.bytes(count: 16)
            let pass = try await env.provision(.approve, on: phone, provisioningId: provisioningId)
            let token = try #require(
                try await env.sandbox.connector.token(
                    issuerId: SandboxEnvironment.issuerId, tokenId: pass.deviceAccountIdentifier, scheme: .visa))
            #expect(token.tokenSuffix == pass.deviceAccountNumberSuffix)
            #expect(token.panSuffix == pass.primaryAccountNumberSuffix)
            #expect(token.provisioningId == Hex.encode(provisioningId))
            #expect(token.device?.id == phone.id)
            #expect(token.tokenRequestorId == Sandbox.applePayTokenRequestorId)
        }
    }

    @Test func passStateFollowsTheToken() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let pass = try await env.provision(.requireActivation, on: phone)
            let connector = env.sandbox.connector
            let steps: [(TokenLifecycleAction, SandboxPassActivationState, TokenEventType)] = [
                (.activate, .activated, .activated), (.suspend, .suspended, .suspended),
                (.resume, .activated, .resumed), (.delete, .deactivated, .deleted),
            ]
            for (index, (action, expected, event)) in steps.enumerated() {
                _ = try await connector.changeTokenState(Self.command(pass, action, key: "op-\(index)"))
                let listed = try await env.sandbox.passes(deviceId: phone.id).passes
                #expect(listed.count == 1)
                #expect(listed.first?.activationState == expected)
                #expect(env.receiver.received.last?.notification.event == event)
            }
            let times = env.receiver.received.map(\.notification.occurredAt)
            #expect(times == times.sorted() && Set(times).count == times.count)
        }
    }

    @Test func deviceActivationNeedsTheActivationDataOfItsAddRequest() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            let nonce = [UInt8](try await env.sandbox.issueNonce(deviceId: phone.id).nonce)
            let request = try env.addRequest(card: try env.card(.requireActivation), nonce: nonce, signedBy: phone.key)
            let pass = try await env.sandbox.addPass(request, deviceId: phone.id)

            // Activation data made for another nonce does not activate.
            let foreign = try ActivationData.make(
                provisioningId: SecureRandom.bytes(count: 16), nonce: SecureRandom.bytes(count: 32),
                secret: env.activationSecret)
            await #expect {
                _ = try await env.sandbox.activatePass(
                    serialNumber: pass.serialNumber, deviceId: phone.id,
                    request: SandboxPassActivationRequest(activationData: Data(foreign)))
            } throws: { ($0 as? SandboxError)?.code == .activationDataInvalid }

            let activated = try await env.sandbox.activatePass(
                serialNumber: pass.serialNumber, deviceId: phone.id,
                request: SandboxPassActivationRequest(activationData: request.activationData))
            #expect(activated.activationState == .activated)
            #expect(env.receiver.received.last?.notification.event == .activated)
            #expect(env.receiver.received.last?.notification.state == .active)

            await #expect {
                _ = try await env.sandbox.activatePass(
                    serialNumber: pass.serialNumber, deviceId: phone.id,
                    request: SandboxPassActivationRequest(activationData: request.activationData))
            } throws: { ($0 as? SandboxError)?.code == .illegalTransition }
        }
    }

    @Test func notificationRetriesAfterTheServiceWasDown() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            env.receiver.setDown(true)
            let pass = try await env.provision(.approve, on: phone)
            #expect(pass.activationState == .activated)
            #expect(env.receiver.received.isEmpty)
            #expect(try await env.sandbox.pendingNotificationCount() == 1)

            // Not due yet: the backoff has not passed on the sandbox's clock.
            env.receiver.setDown(false)
            #expect(await env.sandbox.deliverPendingNotifications() == 0)
            env.clock.advance(by: 60)
            #expect(await env.sandbox.deliverPendingNotifications() == 1)
            #expect(try await env.sandbox.pendingNotificationCount() == 0)
            let event = try #require(env.receiver.received.first)
            #expect(event.notification.tokenId == pass.deviceAccountIdentifier)
            #expect(env.receiver.refusedSignatures == 0)
            #expect(await env.sandbox.deliverPendingNotifications() == 0)
        }
    }

    @Test func backgroundTaskRetriesPendingNotifications() async throws {
        let env = try await SandboxEnvironment.make(retryInterval: .milliseconds(20))
        do {
            let phone = try await env.registerDevice()
            env.receiver.setDown(true)
            _ = try await env.provision(.approve, on: phone)
            #expect(try await env.sandbox.pendingNotificationCount() == 1)
            env.receiver.setDown(false)
            env.clock.advance(by: 60)
            // Waits for the background task, bounded; no timing is asserted.
            var pending = 1
            for _ in 0..<500 where pending > 0 {
                try await Task.sleep(for: .milliseconds(20))
                pending = try await env.sandbox.pendingNotificationCount()
            }
            #expect(pending == 0)
            #expect(env.receiver.received.count == 1)
            await env.close()
        } catch {
            await env.close()
            throw error
        }
    }

    @Test func notificationSignatureIsCheckedWithTheIssuerSecret() async throws {
        try await SandboxEnvironment.with { env in
            let phone = try await env.registerDevice()
            _ = try await env.provision(.approve, on: phone)
            let rows = try await env.database.query("SELECT body FROM sandbox_outbox")
            let body = try #require(rows.first).decode([UInt8].self, column: "body")
            let timestamp = Int64(env.clock.now.timeIntervalSince1970)
            let payload = Array(NotificationSignature.signedPayload(timestamp: timestamp, body: Data(body)))
            let good = try HMACSHA256.authenticationCode(for: payload, key: env.notificationSecret)
            let bad = try HMACSHA256.authenticationCode(for: payload, key: SecureRandom.bytes(count: 32))
            // The receiver accepts exactly what the issuer's secret signs.
            for (mac, expected) in [(bad, 401), (good, 202)] {
                var request = URLRequest(
                    url: try #require(URL(string: env.baseURL + "/v1/networks/visa/notifications")))
                request.httpMethod = "POST"
                request.httpBody = Data(body)
                request.setValue(
                    NotificationSignature(timestamp: timestamp, signatures: [Hex.encode(mac)]).headerValue,
                    forHTTPHeaderField: NotificationSignature.headerName)
                let (_, response) = try await HTTPClient.session.data(for: request)
                #expect((response as? HTTPURLResponse)?.statusCode == expected)
            }
            #expect(env.receiver.received.count == 2)
            #expect(env.receiver.received[0].notification == env.receiver.received[1].notification)
        }
    }
}
