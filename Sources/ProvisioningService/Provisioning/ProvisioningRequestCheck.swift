import ProvisioningAPI
import ProvisioningCrypto

/// Field checks of an add-card request that need no keys: sizes, schemes and
/// formats. Problems name fields by JSON pointer and never echo values.
enum ProvisioningRequestCheck {
    static let maximumPayloadCharacters = CMSEnvelopedData.defaultMaximumInputSize * 4 / 3 + 1024
    static let maximumCodeCharacters = JWS.defaultMaximumLength
    static let nonceBytes = 1...64
    static let nonceSignatureBytes = 1...512
    static let identifierCharacters = 1...64

    /// Checks `request` against `issuer` and returns the requested scheme.
    ///
    /// - Throws: ``ServiceError`` `invalid-field` listing every bad field, or
    ///   `unsupported-scheme` when the issuer does not offer the scheme or product.
    static func check(_ request: ApplePayProvisioningRequest, issuer: Issuer) throws(ServiceError) -> CardScheme {
        var problems: [FieldProblem] = []
        func problem(_ field: String, _ reason: FieldProblemReason) {
            problems.append(FieldProblem(field: field, reason: reason))
        }
        func length(_ field: String, _ count: Int, _ range: ClosedRange<Int>) {
            if count < range.lowerBound { problem(field, count == 0 ? .missing : .tooShort) }
            if count > range.upperBound { problem(field, .tooLong) }
        }
        length("/encryptedPayload", request.encryptedPayload.utf8.count, 1...maximumPayloadCharacters)
        length("/authorizationCode", request.authorizationCode.utf8.count, 1...maximumCodeCharacters)
        length("/certificateChain", request.certificateChain.count, 1...ApplePayChainValidator.maximumCertificates)
        for (index, der) in request.certificateChain.enumerated() {
            length("/certificateChain/\(index)", der.count, 1...ApplePayChainValidator.maximumCertificateBytes)
        }
        length("/nonce", request.nonce.count, nonceBytes)
        length("/nonceSignature", request.nonceSignature.count, nonceSignatureBytes)
        if let productId = request.productId {
            length("/productId", productId.unicodeScalars.count, identifierCharacters)
        }
        if let account = request.primaryAccountIdentifier {
            length("/primaryAccountIdentifier", account.unicodeScalars.count, identifierCharacters)
        }
        if request.effectiveEncryptionScheme != .eccV2 { problem("/encryptionScheme", .unsupported) }
        let scheme = CardScheme(wireValue: request.scheme.rawValue)
        if scheme == nil { problem("/scheme", .unknownValue) }
        if let auxiliary = request.auxiliaryScheme, CardScheme(wireValue: auxiliary.rawValue) == nil {
            problem("/auxiliaryScheme", .unknownValue)
        }
        guard problems.isEmpty, let scheme else {
            throw ServiceError(.invalidField, "the request has invalid fields", fieldProblems: problems)
        }
        guard issuer.allows(scheme) else {
            throw ServiceError(.unsupportedScheme, "the issuer does not provision this scheme")
        }
        if let productId = request.productId, !issuer.settings.allowedProductIds.isEmpty,
            !issuer.settings.allowedProductIds.contains(productId)
        {
            throw ServiceError(.unsupportedScheme, "the issuer does not provision this product")
        }
        return scheme
    }
}
