import Foundation
import ProvisioningAPI
import Testing

@Suite(.timeLimit(.minutes(3))) struct FixtureDecodingTests {
    @Test func provisioningRequestFixtureDecodes() throws {
        let request = try Fixture.decode(ApplePayProvisioningRequest.self, "provisioning-request")
        #expect(request.scheme == .visa)
        #expect(request.productId == nil)
        #expect(request.encryptedPayload == "MIAGCSqGSIb3DQEHA6CAMIACAQAxggE=")
        #expect(request.authorizationCode == "eyJhbGciOiJFUzI1NiIsImtpZCI6ImsxIn0.eyJzY29wZSI6InByb3Zpc2lvbiJ9.c2ln")
        #expect(request.certificateChain == [Data("leaf".utf8), Data("intermediate".utf8)])
        #expect(request.nonce == Data([0xDE, 0xAD, 0xBE, 0xEF]))
        #expect(request.nonceSignature == Data("signature".utf8))
        #expect(request.primaryAccountIdentifier == "V-3018253329239943005544")
        #expect(request.encryptionScheme == nil)
        #expect(request.effectiveEncryptionScheme == .eccV2)
    }

    @Test func provisioningResponseFixtureDecodes() throws {
        let response = try Fixture.decode(ApplePayProvisioningResponse.self, "provisioning-response")
        #expect(response.encryptedPassData == Data("pass".utf8))
        #expect(response.activationData == Data("act".utf8))
        #expect(response.ephemeralPublicKey?.count == 65)
        #expect(response.ephemeralPublicKey?.first == 0x04)
        #expect(response.wrappedKey == nil)
        #expect(response.provisioningId == "prov_01J")
    }

    @Test func lowerCaseActionAndSchemeDecodeToCanonicalValues() throws {
        let request = try Fixture.decode(TokenStateChangeRequest.self, "token-state-change-request")
        #expect(
            request
                == TokenStateChangeRequest(
                    action: .activate, tokenRequestorId: "40010030273", scheme: .mastercard, authorizationCode: "code"))
        let reencoded = try JSONEncoder.provisioningAPI.encode(request)
        #expect(String(decoding: reencoded, as: UTF8.self).contains(#""action":"ACTIVATE""#))
        #expect(String(decoding: reencoded, as: UTF8.self).contains(#""scheme":"MASTERCARD""#))
    }

    @Test func cardTokensFixtureDecodes() throws {
        let response = try Fixture.decode(CardTokensResponse.self, "card-tokens-response")
        #expect(response.tokens.count == 2)
        let watch = try #require(response.tokens.first)
        #expect(watch.device == DeviceInfo(id: "SE-2", name: "Anna's Apple Watch", type: .watch))
        #expect(watch.state == .active)
        #expect(watch.createdAt == Date(timeIntervalSince1970: 1_738_315_800.25))
        // A date without fractional seconds is accepted too.
        #expect(watch.updatedAt == Date(timeIntervalSince1970: 1_738_315_860))
        #expect(response.tokens.last?.scheme == CardSchemeName(rawValue: "BANCOMAT_PAY"))
        #expect(response.tokens.last?.scheme.isKnown == false)
    }

    @Test func networkNotificationFixtureDecodes() throws {
        let event = try Fixture.decode(TokenEventNotification.self, "token-event-notification")
        #expect(event.event == .suspended)
        #expect(event.state == .suspended)
        #expect(event.device == nil)
        #expect(event.panFingerprint == "5f2b0c")
        #expect(event.occurredAt == Date(timeIntervalSince1970: 1_738_315_800.5))
    }

    @Test func auditFixtureDecodesWithUnknownAction() throws {
        let page = try Fixture.decode(AuditEventsResponse.self, "audit-events-response")
        #expect(page.nextCursor == "eyJvIjoxMH0=")
        #expect(page.events.map(\.action) == [.provision, AuditAction(rawValue: "issuer.rotate-keys")])
        #expect(page.events.first?.outcome == .declined)
        #expect(page.events.first?.problemType == .declined)
    }

    @Test func problemFixtureDecodesWithCatalogueType() throws {
        let problem = try Fixture.decode(ProblemDetails.self, "problem-invalid-field")
        #expect(problem.type == .invalidField)
        #expect(problem.status == 422)
        #expect(problem.errors == [FieldProblem(field: "/certificateChain/1", reason: .invalidBase64)])
        #expect(problem.requestId == "req-7")
    }

    @Test func minimalProblemDefaultsToAboutBlank() throws {
        let problem = try JSONDecoder.provisioningAPI.decode(ProblemDetails.self, from: Data(#"{"status":503}"#.utf8))
        #expect(problem.type == .aboutBlank)
        #expect(problem.title == "Problem")
        #expect(problem.errors == nil)
    }

    @Test func sandboxPassFixtureDecodes() throws {
        let list = try Fixture.decode(SandboxPassList.self, "sandbox-passes")
        let pass = try #require(list.passes.first)
        #expect(pass.passTypeIdentifier == SandboxPass.paymentPassTypeIdentifier)
        #expect(pass.activationState == .requiresActivation)
        #expect(pass.deviceAccountIdentifier == "tok_9")
    }

    @Test func dualBrandDigitalCardFixtureDecodes() throws {
        let card = try Fixture.decode(DigitalCardResource.self, "digital-card")
        #expect(card.hasAuxiliaryScheme)
        #expect(card.details.auxiliaryScheme == .visa)
        #expect(card.metadata.auxiliaryTokenLastDigits == "2222")
        #expect(card.paymentKeyInfo.auxiliaryNumberOfPaymentsLeft == 4)
        #expect(card.paymentKeyInfo.keyType == .limitedUse)
        #expect(card.pendingActivation == nil)
    }
}
