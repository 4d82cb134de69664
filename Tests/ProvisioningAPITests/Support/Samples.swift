import Foundation
import ProvisioningAPI

/// Sample values of every wire type. "full" samples set every optional
/// member, so that schema checks see every key; "minimal" ones set none.
///
/// Dates are exact binary fractions so that they survive millisecond
/// formatting unchanged.
enum Samples {
    static let date = Date(timeIntervalSince1970: 1_738_315_800.25)
    static let laterDate = Date(timeIntervalSince1970: 1_738_316_100.5)
    static let bytes = Data([0x04, 0x00, 0xFF, 0x10, 0x7F, 0x80, 0x3E, 0x3F])

    static let device = DeviceInfo(id: "SE-0042", name: "Anna's Apple Watch", type: .watch)

    static let token = TokenInfo(
        tokenId: "tok_1", state: .suspended, tokenRequestorId: "40010030273", tokenRequestorName: "Apple Pay",
        cardRef: "card-7", panSuffix: "1234", tokenSuffix: "9876", tokenExpiry: "09/29", scheme: .visa,
        device: device, createdAt: date, updatedAt: laterDate)

    static let auditEvent = AuditEvent(
        id: "aud_1", at: date, requestId: "req-1", actor: "back-office", action: .tokenSuspend,
        outcome: .rejected, cardRef: "card-7", panLastFour: "1234", tokenId: "tok_1",
        problemType: .illegalTransition, detail: "token already suspended")

    static let pendingSession = PendingActivationSession(
        sessionId: "ses_1", expiresAt: laterDate, attemptsLeft: 3, channel: "sandbox")

    static let digitalCard = DigitalCardResource(
        id: "dc_1", state: .inactive, isDefault: true, productId: "gold",
        metadata: DigitalCardMetadata(
            panLastDigits: "4242", panExpiry: "12/30", tokenLastDigits: "1111", tokenExpiry: "12/29",
            auxiliaryTokenLastDigits: "2222", auxiliaryTokenExpiry: "11/29"),
        paymentKeyInfo: PaymentKeyStatus(
            numberOfPaymentsLeft: 2, auxiliaryNumberOfPaymentsLeft: 5, keyType: .limitedUse, keyExpiry: laterDate),
        details: DigitalCardDetails(
            scheme: .pure, paymentTypesSupported: [.contactless, .inApp], auxiliaryScheme: .visa),
        paymentAccountReference: "V0010013819999999999999999999",
        auxiliaryPaymentAccountReference: "P0010013819999999999999999999",
        pendingActivation: pendingSession)

    static let sandboxPass = SandboxPass(
        serialNumber: "SN-1", passTypeIdentifier: SandboxPass.paymentPassTypeIdentifier,
        primaryAccountIdentifier: "PAI-1", primaryAccountNumberSuffix: "1234",
        deviceAccountIdentifier: "tok_1", deviceAccountNumberSuffix: "9876", activationState: .requiresActivation,
        deviceId: "dev_1", deviceName: "Anna's iPhone", paymentNetwork: .mastercard, localizedDescription: "Bank Gold")

    static let problem = ProblemDetails(
        .invalidField, detail: "2 fields were refused", instance: "/v1/issuers/bank-1/applepay/provisioning",
        requestId: "req-1",
        errors: [
            FieldProblem(field: "/nonce", reason: .missing),
            FieldProblem(field: "/certificateChain/0", reason: .invalidBase64),
        ])

    /// Every wire type at least once.
    static let all: [WireSample] = [
        WireSample(CardSchemeName.visa),
        WireSample(CardSchemeName(rawValue: "RUPAY"), "unknown"),
        // EV_RSA_v2 is still read (so that a request naming it is refused as
        // unsupported, not as an unknown value) but no longer in the contract.
        WireSample(PassEncryptionScheme.eccV2),
        WireSample(
            ApplePayProvisioningRequest(
                scheme: .pagoBancomat, productId: "PB-1", auxiliaryScheme: .mastercard,
                encryptedPayload: "MIAGCSqGSIb3DQEHA6CAMIAC",
                authorizationCode: "eyJhbGciOiJFUzI1NiJ9.e30.sig", certificateChain: [bytes, Data([1, 2, 3])],
                nonce: bytes,
                nonceSignature: Data([9, 8, 7]), primaryAccountIdentifier: "PAI-1", encryptionScheme: .eccV2)),
        WireSample(
            ApplePayProvisioningRequest(
                scheme: .visa, encryptedPayload: "AAAA", authorizationCode: "code", certificateChain: [], nonce: Data(),
                nonceSignature: Data()), "minimal"),
        WireSample(
            ApplePayProvisioningResponse(
                encryptedPassData: bytes, activationData: Data([1]), ephemeralPublicKey: Data(repeating: 4, count: 65),
                wrappedKey: Data([2]), provisioningId: "prov_1", tokenReference: "DNITHE1")),
        WireSample(TokenLifecycleAction.resume),
        WireSample(TokenStatus.deleted),
        WireSample(
            TokenStateChangeRequest(
                action: .activate, tokenRequestorId: "40010030273", scheme: .amex, authorizationCode: "c")),
        WireSample(TokenStateChangeResponse(tokenId: "tok_1", state: .active)),
        WireSample(DeviceType.tablet),
        WireSample(device),
        WireSample(token),
        WireSample(CardTokensResponse(tokens: [token])),
        WireSample(TokenEventType.updated),
        WireSample(
            TokenEventNotification(
                eventId: "evt_1", issuerId: "bank-1", tokenId: "tok_1", event: .created, state: .inactive,
                device: device,
                tokenRequestorId: "40010030273", cardRef: "card-7", panFingerprint: "ab12",
                provisioningId: "0f1e2d3c4b5a69788796a5b4c3d2e1f0", tokenSuffix: "9876",
                tokenExpiry: "09/29", occurredAt: date)),
        WireSample(
            TokenEventNotification(
                eventId: "evt_2", issuerId: "bank-1", tokenId: "tok_1", event: .deleted, state: .deleted,
                occurredAt: date),
            "minimal"),
        WireSample(TokenEventReceipt(eventId: "evt_1", duplicate: true)),
        WireSample(TokenSearchResponse(tokens: [token], nextCursor: "c+/=")),
        WireSample(BackOfficeTokenStateChangeRequest(action: .suspend, reason: "ticket 42")),
        WireSample(AuditOutcome.declined),
        WireSample(AuditAction(rawValue: "future.action")),
        WireSample(auditEvent),
        WireSample(AuditEventsResponse(events: [auditEvent], nextCursor: "next")),
        WireSample(ProblemType.nonceReplayed),
        WireSample(FieldProblemReason.luhn),
        WireSample(FieldProblem(field: "/encryptedPayload/primaryAccountNumber", reason: .luhn)),
        WireSample(problem),
        WireSample(HealthStatus.down),
        WireSample(HealthResponse(status: .up, version: "1.0.0")),
        WireSample(ReadinessCheck(name: "database", status: .down, detail: "connection refused")),
        WireSample(ReadinessResponse(checks: [ReadinessCheck(name: "database", status: .up)])),
        WireSample(
            WalletRegistrationRequest(
                userId: "user-1", deviceName: "Pixel", publicKey: Data(repeating: 4, count: 65), authorizationCode: "c")
        ),
        WireSample(WalletRegistration(walletId: "w_1", userId: "user-1", createdAt: date, accessToken: "tok")),
        WireSample(
            CardEnrollmentRequest(scheme: .pure, productId: "gold", encryptedPayload: "AAAA", authorizationCode: "c")),
        WireSample(PaymentType.online),
        WireSample(PaymentKeyType.singleUse),
        WireSample(CardArtType.cardBackgroundCombined),
        WireSample(digitalCard.metadata),
        WireSample(digitalCard.details),
        WireSample(digitalCard.paymentKeyInfo),
        WireSample(pendingSession),
        WireSample(digitalCard),
        WireSample(DigitalCardList(cards: [digitalCard])),
        WireSample(DigitalCardStateChangeRequest(action: .delete)),
        WireSample(ActivationVerificationRequest(sessionId: "ses_1", code: "123456")),
        WireSample(DefaultCardRequest(cardId: "dc_1")),
        WireSample(PaymentKey(keyId: "k1", scheme: .visa, expiresAt: laterDate, encryptedKey: bytes)),
        WireSample(
            PaymentKeyBatch(
                cardId: "dc_1", keyType: .limitedUse, issuedAt: date, ephemeralPublicKey: Data(repeating: 4, count: 65),
                keys: [PaymentKey(keyId: "k1", scheme: .visa, expiresAt: laterDate, encryptedKey: bytes)],
                paymentKeyInfo: digitalCard.paymentKeyInfo)),
        WireSample(
            PaymentRequest(
                cardId: "dc_1", keyId: "k1", amount: 1250, currency: "EUR", unpredictableNumber: Data([1, 2, 3, 4]),
                transactionDate: date, cryptogram: bytes, merchantName: "Café")),
        WireSample(PaymentOutcome.approved),
        WireSample(
            PaymentResult(
                outcome: .declined, authorizationId: "auth-1", declineReason: .cryptogramInvalid, paymentsLeft: 2)),
        WireSample(SandboxDeviceKind.watch),
        WireSample(
            SandboxDeviceRegistrationRequest(
                kind: .watch, name: "Anna's Watch", publicKey: Data(repeating: 4, count: 65), pairedDeviceId: "dev_1")),
        WireSample(SandboxDeviceRegistrationResponse(deviceId: "dev_1")),
        WireSample(SandboxNonce(nonce: bytes, expiresAt: laterDate)),
        WireSample(SandboxCertificateChain(certificateChain: [bytes, bytes], rootCertificate: bytes)),
        WireSample(
            SandboxPassRequest(
                encryptedPassData: bytes, activationData: bytes, ephemeralPublicKey: bytes, wrappedKey: bytes,
                nonce: bytes,
                encryptionScheme: .eccV2, primaryAccountIdentifier: "PAI-1", primaryAccountSuffix: "1234",
                cardholderName: "Anna Rossi", paymentNetwork: .visa, localizedDescription: "Bank Gold")),
        WireSample(SandboxPassActivationState.activating),
        WireSample(sandboxPass),
        WireSample(SandboxPassList(passes: [sandboxPass])),
        WireSample(SandboxPassActivationRequest(activationData: bytes)),
        WireSample(SandboxLostModeRequest(enabled: true)),
        WireSample(SandboxCardOutcome.requireActivation),
        WireSample(
            SandboxTestCard(
                pan: "4000000000000002", expiry: "12/30", scheme: .visa, auxiliaryScheme: .pure, outcome: .approve,
                description: "approves")),
        WireSample(
            SandboxTestCardsResponse(cards: [
                SandboxTestCard(
                    pan: "5100000000000008", expiry: "12/30", scheme: .mastercard, outcome: .decline,
                    description: "declines")
            ])),
        WireSample(SandboxActivationCode(sessionId: "ses_1", code: "123456")),
    ]
}
