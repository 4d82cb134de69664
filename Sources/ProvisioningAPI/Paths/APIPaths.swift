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
package enum APIPaths {
    /// ``APIRoute/provision``.
    package static func provisioning(issuerId: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .provision, parameters: ["issuerId": issuerId])
    }

    /// ``APIRoute/tokenState``.
    package static func tokenState(issuerId: String, tokenId: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .tokenState, parameters: ["issuerId": issuerId, "tokenId": tokenId])
    }

    /// ``APIRoute/cardTokens``.
    package static func cardTokens(issuerId: String, cardRef: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .cardTokens, parameters: ["issuerId": issuerId, "cardRef": cardRef])
    }

    /// ``APIRoute/networkNotification``.
    package static func networkNotification(network: CardSchemeName) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .networkNotification, parameters: ["network": network.rawValue])
    }

    /// ``APIRoute/backOfficeTokens``.
    package static func backOfficeTokens(
        issuerId: String, query: TokenSearchQuery = TokenSearchQuery()
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .backOfficeTokens, parameters: ["issuerId": issuerId], queryItems: query.queryItems)
    }

    /// ``APIRoute/backOfficeTokenState``.
    package static func backOfficeTokenState(
        issuerId: String, tokenId: String
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .backOfficeTokenState, parameters: ["issuerId": issuerId, "tokenId": tokenId])
    }

    /// ``APIRoute/backOfficeAudit``.
    package static func backOfficeAudit(
        issuerId: String, query: AuditQuery = AuditQuery()
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .backOfficeAudit, parameters: ["issuerId": issuerId], queryItems: query.queryItems)
    }

    /// ``APIRoute/backOfficeCardArt``.
    package static func backOfficeCardArt(
        issuerId: String, productId: String, artType: CardArtType
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(
            route: .backOfficeCardArt,
            parameters: ["issuerId": issuerId, "productId": productId, "artType": artType.rawValue])
    }

    /// ``APIRoute/walletRegistration``.
    package static func walletRegistration(issuerId: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .walletRegistration, parameters: ["issuerId": issuerId])
    }

    /// ``APIRoute/walletCardEnrollment``.
    package static func walletCardEnrollment(
        issuerId: String, walletId: String
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .walletCardEnrollment, parameters: ["issuerId": issuerId, "walletId": walletId])
    }

    /// ``APIRoute/walletCards``.
    package static func walletCards(issuerId: String, walletId: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .walletCards, parameters: ["issuerId": issuerId, "walletId": walletId])
    }

    /// ``APIRoute/walletCard``.
    package static func walletCard(
        issuerId: String, walletId: String, cardId: String
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .walletCard, parameters: walletCardParameters(issuerId, walletId, cardId))
    }

    /// ``APIRoute/walletCardState``.
    package static func walletCardState(
        issuerId: String, walletId: String, cardId: String
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .walletCardState, parameters: walletCardParameters(issuerId, walletId, cardId))
    }

    /// ``APIRoute/walletCardActivation``.
    package static func walletCardActivation(
        issuerId: String, walletId: String, cardId: String
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .walletCardActivation, parameters: walletCardParameters(issuerId, walletId, cardId))
    }

    /// ``APIRoute/walletCardArt``.
    package static func walletCardArt(
        issuerId: String, walletId: String, cardId: String, artType: CardArtType
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        var parameters = walletCardParameters(issuerId, walletId, cardId)
        parameters["artType"] = artType.rawValue
        return try APIEndpoint(route: .walletCardArt, parameters: parameters)
    }

    /// ``APIRoute/walletPaymentKeys``.
    package static func walletPaymentKeys(
        issuerId: String, walletId: String, cardId: String
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .walletPaymentKeys, parameters: walletCardParameters(issuerId, walletId, cardId))
    }

    /// ``APIRoute/walletDefaultCard`` (GET) or ``APIRoute/walletSetDefaultCard`` (PUT).
    package static func walletDefaultCard(
        issuerId: String, walletId: String, set: Bool = false
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(
            route: set ? .walletSetDefaultCard : .walletDefaultCard,
            parameters: ["issuerId": issuerId, "walletId": walletId])
    }

    /// ``APIRoute/sandboxDevices``.
    package static func sandboxDevices() throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .sandboxDevices)
    }

    /// ``APIRoute/sandboxNonces``.
    package static func sandboxNonces(deviceId: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .sandboxNonces, parameters: ["deviceId": deviceId])
    }

    /// ``APIRoute/sandboxCertificates``.
    package static func sandboxCertificates() throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .sandboxCertificates)
    }

    /// ``APIRoute/sandboxAddPass``.
    package static func sandboxAddPass(deviceId: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .sandboxAddPass, parameters: ["deviceId": deviceId])
    }

    /// ``APIRoute/sandboxPasses``.
    package static func sandboxPasses(deviceId: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .sandboxPasses, parameters: ["deviceId": deviceId])
    }

    /// ``APIRoute/sandboxActivatePass``.
    package static func sandboxActivatePass(
        deviceId: String, serialNumber: String
    ) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(
            route: .sandboxActivatePass, parameters: ["deviceId": deviceId, "serialNumber": serialNumber])
    }

    /// ``APIRoute/sandboxLostMode``.
    package static func sandboxLostMode(deviceId: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .sandboxLostMode, parameters: ["deviceId": deviceId])
    }

    /// ``APIRoute/sandboxTestCards``.
    package static func sandboxTestCards() throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .sandboxTestCards)
    }

    /// ``APIRoute/sandboxActivationCode``.
    package static func sandboxActivationCode(sessionId: String) throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .sandboxActivationCode, parameters: ["sessionId": sessionId])
    }

    /// ``APIRoute/sandboxPayments``.
    package static func sandboxPayments() throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .sandboxPayments)
    }

    /// ``APIRoute/health``.
    package static func health() throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .health)
    }

    /// ``APIRoute/readiness``.
    package static func readiness() throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .readiness)
    }

    /// ``APIRoute/metrics``.
    package static func metrics() throws(ProvisioningAPIError) -> APIEndpoint {
        try APIEndpoint(route: .metrics)
    }

    /// ``APIRoute/openAPI``.
    package static func openAPI() throws(ProvisioningAPIError) -> APIEndpoint {
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
