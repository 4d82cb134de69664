import Foundation
import ProvisioningAPI
import Testing

@Suite(.timeLimit(.minutes(3))) struct WireValueTests {
    private func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
        try JSONDecoder.provisioningAPI.decode(type, from: Data(json.utf8))
    }

    @Test(arguments: ["\"activate\"", "\"Activate\"", "\"ACTIVATE\"", "\"aCtIvAtE\""])
    func actionsDecodeRegardlessOfCase(json: String) throws {
        #expect(try decode(TokenLifecycleAction.self, json) == .activate)
    }

    @Test func unknownEnumerationValueFailsWithoutEchoingIt() throws {
        do {
            _ = try decode(
                TokenStateChangeRequest.self,
                #"{"action":"SECRET-123","tokenRequestorId":"t","scheme":"VISA","authorizationCode":"c"}"#)
            Issue.record("unknown action was accepted")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(FieldProblem.pointer(for: context.codingPath) == "/action")
            #expect(!context.debugDescription.contains("SECRET-123"))
        }
    }

    @Test func enumerationsEncodeUpperCase() throws {
        let encoded = try JSONEncoder.provisioningAPI.encode([SandboxPassActivationState.requiresActivation])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["REQUIRES_ACTIVATION"]"#)
        #expect(SandboxDeviceKind(caseInsensitive: "iphone") == .iPhone)
        #expect(PassEncryptionScheme(caseInsensitive: "ev_rsa_v2") == .rsaV2)
        #expect(DeviceType(caseInsensitive: "car") == nil)
    }

    @Test func knownSchemesNormalizeAndUnknownOnesArePreserved() throws {
        #expect(try decode(CardSchemeName.self, "\"visa\"") == .visa)
        #expect(try decode(CardSchemeName.self, "\"PagoBancomat\"") == .pagoBancomat)
        let unknown = try decode(CardSchemeName.self, "\"RuPay\"")
        #expect(unknown.rawValue == "RuPay")
        #expect(!unknown.isKnown)
        #expect(String(decoding: try JSONEncoder.provisioningAPI.encode(unknown), as: UTF8.self) == "\"RuPay\"")
        #expect(CardSchemeName.known.allSatisfy { $0.isKnown && $0.rawValue == $0.rawValue.uppercased() })
        let literal: CardSchemeName = "amex"
        #expect(literal == .amex)
    }

    @Test func lifecycleStateMachine() {
        #expect(TokenLifecycleAction.activate.isAllowed(from: .inactive))
        #expect(!TokenLifecycleAction.activate.isAllowed(from: .suspended))
        #expect(TokenLifecycleAction.suspend.isAllowed(from: .active))
        #expect(!TokenLifecycleAction.suspend.isAllowed(from: .suspended))
        #expect(TokenLifecycleAction.resume.isAllowed(from: .suspended))
        #expect(!TokenLifecycleAction.resume.isAllowed(from: .active))
        for status in TokenStatus.allCases {
            #expect(TokenLifecycleAction.delete.isAllowed(from: status) == (status != .deleted))
        }
        for action in TokenLifecycleAction.allCases {
            #expect(!action.isAllowed(from: .deleted))
        }
        #expect(TokenLifecycleAction.resume.resultingStatus == .active)
        #expect(SandboxPassActivationState(.inactive) == .requiresActivation)
        #expect(
            TokenLifecycleAction.allCases.map(AuditAction.init)
                == [.tokenActivate, .tokenSuspend, .tokenResume, .tokenDelete])
    }

    /// The replenishment rule the service's answer and the device's own count
    /// share: below the threshold on either network, never at it.
    @Test(
        arguments: [
            (3, nil, false), (2, nil, true), (3, 3, false), (5, 2, true), (2, 5, true), (0, 0, true),
        ] as [(Int, Int?, Bool)])
    func replenishmentIsNeededBelowTheThresholdOnEitherNetwork(main: Int, auxiliary: Int?, needed: Bool) {
        let status = PaymentKeyStatus(
            numberOfPaymentsLeft: main, auxiliaryNumberOfPaymentsLeft: auxiliary, keyType: .limitedUse,
            replenishmentThreshold: 3)
        #expect(status.needsReplenishment == needed)
    }

    @Test func readinessIsDownWhenAnyCheckIs() {
        #expect(ReadinessResponse(checks: [ReadinessCheck(name: "db", status: .up)]).status == .up)
        #expect(
            ReadinessResponse(checks: [
                ReadinessCheck(name: "db", status: .up), ReadinessCheck(name: "m", status: .down),
            ])
            .status == .down)
    }

    @Test func bearerTokensRoundTrip() {
        #expect(APIHeaders.bearerToken(fromAuthorization: APIHeaders.bearer("k_123")) == "k_123")
        #expect(APIHeaders.bearerToken(fromAuthorization: "bearer  k_9 ") == "k_9")
        #expect(APIHeaders.bearerToken(fromAuthorization: "Basic abc") == nil)
        #expect(APIHeaders.bearerToken(fromAuthorization: "Bearer ") == nil)
    }
}
