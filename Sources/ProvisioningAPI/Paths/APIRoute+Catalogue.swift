extension APIRoute {
    // Issuer API, called by the SDK.

    /// `POST /v1/issuers/:issuerId/applepay/provisioning` — ``ApplePayProvisioningRequest``
    /// → ``ApplePayProvisioningResponse``.
    package static let provision = APIRoute(
        .post, "/v1/issuers/:issuerId/applepay/provisioning", operationId: "provisionApplePay")
    /// `POST /v1/issuers/:issuerId/tokens/:tokenId/state` — ``TokenStateChangeRequest``
    /// → ``TokenStateChangeResponse``.
    package static let tokenState = APIRoute(
        .post, "/v1/issuers/:issuerId/tokens/:tokenId/state", operationId: "changeTokenState")
    /// `GET /v1/issuers/:issuerId/cards/:cardRef/tokens` → ``CardTokensResponse``.
    package static let cardTokens = APIRoute(
        .get, "/v1/issuers/:issuerId/cards/:cardRef/tokens", operationId: "listCardTokens")

    // Networks.

    /// `POST /v1/networks/:network/notifications` — ``TokenEventNotification``
    /// → ``TokenEventReceipt`` (202), signed with ``NotificationSignature``.
    package static let networkNotification = APIRoute(
        .post, "/v1/networks/:network/notifications", operationId: "receiveNetworkNotification")

    // Back office, authenticated with the issuer's API key.

    /// `GET /v1/issuers/:issuerId/backoffice/tokens` (``TokenSearchQuery``)
    /// → ``TokenSearchResponse``.
    package static let backOfficeTokens = APIRoute(
        .get, "/v1/issuers/:issuerId/backoffice/tokens", operationId: "searchTokens")
    /// `POST /v1/issuers/:issuerId/backoffice/tokens/:tokenId/state` —
    /// ``BackOfficeTokenStateChangeRequest`` → ``TokenStateChangeResponse``.
    package static let backOfficeTokenState = APIRoute(
        .post, "/v1/issuers/:issuerId/backoffice/tokens/:tokenId/state", operationId: "operateToken")
    /// `GET /v1/issuers/:issuerId/backoffice/audit` (``AuditQuery``) → ``AuditEventsResponse``.
    package static let backOfficeAudit = APIRoute(
        .get, "/v1/issuers/:issuerId/backoffice/audit", operationId: "listAuditEvents")
    /// `PUT /v1/issuers/:issuerId/backoffice/products/:productId/art/:artType` —
    /// a PNG image body (204).
    package static let backOfficeCardArt = APIRoute(
        .put, "/v1/issuers/:issuerId/backoffice/products/:productId/art/:artType", operationId: "uploadCardArt")

    // Issuer wallet (digital cards).

    /// `POST /v1/issuers/:issuerId/wallets` — ``WalletRegistrationRequest`` → ``WalletRegistration``.
    package static let walletRegistration = APIRoute(
        .post, "/v1/issuers/:issuerId/wallets", operationId: "registerWallet")
    /// `POST /v1/issuers/:issuerId/wallets/:walletId/cards` — ``CardEnrollmentRequest``
    /// → ``DigitalCardResource``.
    package static let walletCardEnrollment = APIRoute(
        .post, "/v1/issuers/:issuerId/wallets/:walletId/cards", operationId: "enrolCard")
    /// `GET /v1/issuers/:issuerId/wallets/:walletId/cards` → ``DigitalCardList``.
    package static let walletCards = APIRoute(
        .get, "/v1/issuers/:issuerId/wallets/:walletId/cards", operationId: "listDigitalCards")
    /// `GET /v1/issuers/:issuerId/wallets/:walletId/cards/:cardId` → ``DigitalCardResource``.
    package static let walletCard = APIRoute(
        .get, "/v1/issuers/:issuerId/wallets/:walletId/cards/:cardId", operationId: "getDigitalCard")
    /// `POST /v1/issuers/:issuerId/wallets/:walletId/cards/:cardId/state` —
    /// ``DigitalCardStateChangeRequest`` → ``DigitalCardResource``.
    package static let walletCardState = APIRoute(
        .post, "/v1/issuers/:issuerId/wallets/:walletId/cards/:cardId/state", operationId: "changeDigitalCardState")
    /// `POST /v1/issuers/:issuerId/wallets/:walletId/cards/:cardId/activation` —
    /// ``ActivationVerificationRequest`` → ``DigitalCardResource``.
    package static let walletCardActivation = APIRoute(
        .post, "/v1/issuers/:issuerId/wallets/:walletId/cards/:cardId/activation", operationId: "verifyActivation")
    /// `GET /v1/issuers/:issuerId/wallets/:walletId/cards/:cardId/art/:artType` → PNG, with `ETag`.
    package static let walletCardArt = APIRoute(
        .get, "/v1/issuers/:issuerId/wallets/:walletId/cards/:cardId/art/:artType", operationId: "getCardArt")
    /// `POST /v1/issuers/:issuerId/wallets/:walletId/cards/:cardId/payment-keys` → ``PaymentKeyBatch``.
    package static let walletPaymentKeys = APIRoute(
        .post, "/v1/issuers/:issuerId/wallets/:walletId/cards/:cardId/payment-keys",
        operationId: "replenishPaymentKeys")
    /// `GET /v1/issuers/:issuerId/wallets/:walletId/default-card` → ``DigitalCardResource``.
    package static let walletDefaultCard = APIRoute(
        .get, "/v1/issuers/:issuerId/wallets/:walletId/default-card", operationId: "getDefaultCard")
    /// `PUT /v1/issuers/:issuerId/wallets/:walletId/default-card` — ``DefaultCardRequest``
    /// → ``DigitalCardResource``.
    package static let walletSetDefaultCard = APIRoute(
        .put, "/v1/issuers/:issuerId/wallets/:walletId/default-card", operationId: "setDefaultCard")

    // Sandbox: Apple's side and the networks, for simulated devices and tests.

    /// `POST /v1/sandbox/devices` — ``SandboxDeviceRegistrationRequest``
    /// → ``SandboxDeviceRegistrationResponse``.
    package static let sandboxDevices = APIRoute(.post, "/v1/sandbox/devices", operationId: "registerSandboxDevice")
    /// `POST /v1/sandbox/devices/:deviceId/nonces` → ``SandboxNonce``.
    package static let sandboxNonces = APIRoute(
        .post, "/v1/sandbox/devices/:deviceId/nonces", operationId: "issueSandboxNonce")
    /// `GET /v1/sandbox/certificates` → ``SandboxCertificateChain``.
    package static let sandboxCertificates = APIRoute(
        .get, "/v1/sandbox/certificates", operationId: "getSandboxCertificates")
    /// `POST /v1/sandbox/devices/:deviceId/passes` — ``SandboxPassRequest`` → ``SandboxPass``.
    package static let sandboxAddPass = APIRoute(
        .post, "/v1/sandbox/devices/:deviceId/passes", operationId: "addSandboxPass")
    /// `GET /v1/sandbox/devices/:deviceId/passes` → ``SandboxPassList``.
    package static let sandboxPasses = APIRoute(
        .get, "/v1/sandbox/devices/:deviceId/passes", operationId: "listSandboxPasses")
    /// `POST /v1/sandbox/devices/:deviceId/passes/:serialNumber/activate` —
    /// ``SandboxPassActivationRequest`` → ``SandboxPass``.
    package static let sandboxActivatePass = APIRoute(
        .post, "/v1/sandbox/devices/:deviceId/passes/:serialNumber/activate", operationId: "activateSandboxPass")
    /// `POST /v1/sandbox/devices/:deviceId/lost-mode` — ``SandboxLostModeRequest``
    /// → ``SandboxPassList``.
    package static let sandboxLostMode = APIRoute(
        .post, "/v1/sandbox/devices/:deviceId/lost-mode", operationId: "setSandboxLostMode")
    /// `GET /v1/sandbox/test-cards` → ``SandboxTestCardsResponse``.
    package static let sandboxTestCards = APIRoute(
        .get, "/v1/sandbox/test-cards", operationId: "listSandboxTestCards")
    /// `GET /v1/sandbox/activation-codes/:sessionId` → ``SandboxActivationCode``.
    package static let sandboxActivationCode = APIRoute(
        .get, "/v1/sandbox/activation-codes/:sessionId", operationId: "getSandboxActivationCode")
    /// `POST /v1/sandbox/payments` — ``PaymentRequest`` → ``PaymentResult``.
    package static let sandboxPayments = APIRoute(.post, "/v1/sandbox/payments", operationId: "makeSandboxPayment")

    // Operations.

    /// `GET /healthz` → ``HealthResponse``.
    package static let health = APIRoute(.get, "/healthz", operationId: "getHealth")
    /// `GET /readyz` → ``ReadinessResponse`` (200 or 503).
    package static let readiness = APIRoute(.get, "/readyz", operationId: "getReadiness")
    /// `GET /metrics` → Prometheus text exposition.
    package static let metrics = APIRoute(.get, "/metrics", operationId: "getMetrics")
    /// `GET /openapi.json` → this contract's OpenAPI 3.1 document.
    package static let openAPI = APIRoute(.get, "/openapi.json", operationId: "getOpenAPIDocument")

    /// Every route of the contract, grouped by concern.
    package static let all: [APIRoute] = [
        .provision, .tokenState, .cardTokens,
        .networkNotification,
        .backOfficeTokens, .backOfficeTokenState, .backOfficeAudit, .backOfficeCardArt,
        .walletRegistration, .walletCardEnrollment, .walletCards, .walletCard, .walletCardState,
        .walletCardActivation, .walletCardArt, .walletPaymentKeys, .walletDefaultCard, .walletSetDefaultCard,
        .sandboxDevices, .sandboxNonces, .sandboxCertificates, .sandboxAddPass, .sandboxPasses,
        .sandboxActivatePass, .sandboxLostMode, .sandboxTestCards, .sandboxActivationCode, .sandboxPayments,
        .health, .readiness, .metrics, .openAPI,
    ]

    /// The issuer-wallet routes (digital cards, card art, the wallet's sandbox
    /// helpers): a subset of ``all``, for clients that only speak to the wallet API.
    ///
    /// Wallet routes other than registration authenticate with the wallet's
    /// access token (``WalletRegistration/accessToken``) as
    /// `Authorization: Bearer`; `backOfficeCardArt` with the back-office key;
    /// the sandbox routes need none.
    package static let wallet: [APIRoute] = [
        .walletRegistration, .walletCardEnrollment, .walletCards, .walletCard, .walletCardState,
        .walletCardActivation, .walletCardArt, .walletPaymentKeys, .walletDefaultCard, .walletSetDefaultCard,
        .backOfficeCardArt, .sandboxActivationCode, .sandboxPayments,
    ]
}
