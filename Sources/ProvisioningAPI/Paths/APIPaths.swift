import Foundation

/// Typed builders for every route's ``APIEndpoint``.
///
/// Each identifier is percent-encoded as one path segment, so an identifier
/// containing `/`, `..`, `?` or spaces cannot escape its place in the path.
/// Empty, `.` and `..` identifiers are refused.
///
/// ```swift
/// let endpoint = try APIPaths.cardTokens(issuerId: "bank-1", cardRef: "card 42/a")
/// endpoint.path   // "/v1/issuers/bank-1/cards/card%2042%2Fa/tokens"
/// ```
///
/// All builders throw ``ProvisioningAPIError`` with code
/// ``ProvisioningAPIError/Code/invalidPathSegment`` for an unusable identifier.
public enum APIPaths {
    /// ``APIRoute/provision``.
    public static func provisioning(issuerId: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .provision, parameters: ["issuerId": issuerId])
    }

    /// ``APIRoute/tokenState``.
    public static func tokenState(issuerId: String, tokenId: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .tokenState, parameters: ["issuerId": issuerId, "tokenId": tokenId])
    }

    /// ``APIRoute/cardTokens``.
    public static func cardTokens(issuerId: String, cardRef: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .cardTokens, parameters: ["issuerId": issuerId, "cardRef": cardRef])
    }

    /// ``APIRoute/networkNotification``.
    public static func networkNotification(network: CardSchemeName) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .networkNotification, parameters: ["network": network.rawValue])
    }

    /// ``APIRoute/backOfficeTokens``.
    public static func backOfficeTokens(
        issuerId: String, query: TokenSearchQuery = TokenSearchQuery()
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .backOfficeTokens, parameters: ["issuerId": issuerId], queryItems: query.queryItems)
    }

    /// ``APIRoute/backOfficeTokenState``.
    public static func backOfficeTokenState(
        issuerId: String, tokenId: String
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .backOfficeTokenState, parameters: ["issuerId": issuerId, "tokenId": tokenId])
    }

    /// ``APIRoute/backOfficeAudit``.
    public static func backOfficeAudit(
        issuerId: String, query: AuditQuery = AuditQuery()
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .backOfficeAudit, parameters: ["issuerId": issuerId], queryItems: query.queryItems)
    }

    /// ``APIRoute/backOfficeCardArt``.
    public static func backOfficeCardArt(
        issuerId: String, productId: String, artType: CardArtType
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(
            route: .backOfficeCardArt,
            parameters: ["issuerId": issuerId, "productId": productId, "artType": artType.rawValue])
    }

    /// ``APIRoute/walletRegistration``.
    public static func walletRegistration(issuerId: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .walletRegistration, parameters: ["issuerId": issuerId])
    }

    /// ``APIRoute/walletCardEnrollment``.
    public static func walletCardEnrollment(
        issuerId: String, walletId: String
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .walletCardEnrollment, parameters: ["issuerId": issuerId, "walletId": walletId])
    }

    /// ``APIRoute/walletCards``.
    public static func walletCards(issuerId: String, walletId: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .walletCards, parameters: ["issuerId": issuerId, "walletId": walletId])
    }

    /// ``APIRoute/walletCard``.
    public static func walletCard(
        issuerId: String, walletId: String, cardId: String
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .walletCard, parameters: walletCardParameters(issuerId, walletId, cardId))
    }

    /// ``APIRoute/walletCardState``.
    public static func walletCardState(
        issuerId: String, walletId: String, cardId: String
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .walletCardState, parameters: walletCardParameters(issuerId, walletId, cardId))
    }

    /// ``APIRoute/walletCardActivation``.
    public static func walletCardActivation(
        issuerId: String, walletId: String, cardId: String
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .walletCardActivation, parameters: walletCardParameters(issuerId, walletId, cardId))
    }

    /// ``APIRoute/walletCardArt``.
    public static func walletCardArt(
        issuerId: String, walletId: String, cardId: String, artType: CardArtType
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        var parameters = walletCardParameters(issuerId, walletId, cardId)
        parameters["artType"] = artType.rawValue
        return try APIEndpoint(route: .walletCardArt, parameters: parameters)
    }

    /// ``APIRoute/walletPaymentKeys``.
    public static func walletPaymentKeys(
        issuerId: String, walletId: String, cardId: String
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .walletPaymentKeys, parameters: walletCardParameters(issuerId, walletId, cardId))
    }

    /// ``APIRoute/walletDefaultCard`` (GET) or ``APIRoute/walletSetDefaultCard`` (PUT).
    public static func walletDefaultCard(
        issuerId: String, walletId: String, set: Bool = false
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(
            route: set ? .walletSetDefaultCard : .walletDefaultCard,
            parameters: ["issuerId": issuerId, "walletId": walletId])
    }

    /// ``APIRoute/sandboxDevices``.
    public static func sandboxDevices() throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .sandboxDevices)
    }

    /// ``APIRoute/sandboxNonces``.
    public static func sandboxNonces(deviceId: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .sandboxNonces, parameters: ["deviceId": deviceId])
    }

    /// ``APIRoute/sandboxCertificates``.
    public static func sandboxCertificates() throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .sandboxCertificates)
    }

    /// ``APIRoute/sandboxAddPass``.
    public static func sandboxAddPass(deviceId: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .sandboxAddPass, parameters: ["deviceId": deviceId])
    }

    /// ``APIRoute/sandboxPasses``.
    public static func sandboxPasses(deviceId: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .sandboxPasses, parameters: ["deviceId": deviceId])
    }

    /// ``APIRoute/sandboxActivatePass``.
    public static func sandboxActivatePass(
        deviceId: String, serialNumber: String
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(
            route: .sandboxActivatePass, parameters: ["deviceId": deviceId, "serialNumber": serialNumber])
    }

    /// ``APIRoute/sandboxTestCards``.
    public static func sandboxTestCards() throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .sandboxTestCards)
    }

    /// ``APIRoute/sandboxActivationCode``.
    public static func sandboxActivationCode(sessionId: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .sandboxActivationCode, parameters: ["sessionId": sessionId])
    }

    /// ``APIRoute/sandboxPayments``.
    public static func sandboxPayments() throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .sandboxPayments)
    }

    /// ``APIRoute/health``.
    public static func health() throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .health)
    }

    /// ``APIRoute/readiness``.
    public static func readiness() throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .readiness)
    }

    /// ``APIRoute/metrics``.
    public static func metrics() throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .metrics)
    }

    /// ``APIRoute/openAPI``.
    public static func openAPI() throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .openAPI)
    }

    private static func walletCardParameters(
        _ issuerId: String, _ walletId: String, _ cardId: String
    ) -> [String:
        String]
    {
        ["issuerId": issuerId, "walletId": walletId, "cardId": cardId]
    }
}
