import Testing

@testable import ProvisioningCrypto

extension CryptoError {
    /// The code of the ``CryptoError`` `body` throws; `nil`, with an issue
    /// recorded at the caller, when it returns or throws another error.
    ///
    /// ```swift
    /// #expect(CryptoError.code { try Base64.decode("!") } == .invalidEncoding)
    /// ```
    static func code(
        sourceLocation: SourceLocation = #_sourceLocation, of body: () throws -> some Any
    ) -> Code? {
        #expect(throws: CryptoError.self, sourceLocation: sourceLocation) { _ = try body() }?.code
    }
}

extension CryptoError.Code {
    // What each part of the module may refuse with, for the tests that throw
    // random input at one part and check that nothing else escapes it.

    /// The codes of JWS, JWK and JWT validation.
    static let jose: Set<Self> = [
        .malformed, .oversize, .unsupportedAlgorithm, .unsupportedCriticalHeader, .algorithmKeyMismatch,
        .keyUsageMismatch, .unknownKey, .missingKeyID, .invalidKey, .invalidSignature, .expired, .notYetValid,
        .issuedInFuture, .lifetimeTooLong, .wrongIssuer, .wrongAudience, .wrongType, .missingClaim, .invalidClaim,
    ]

    /// ``CMSEnvelopedData``'s codes.
    static let cms: Set<Self> = [
        .inputTooLarge, .malformed, .unsupportedContentType, .keyMismatch, .recipientNotFound, .decryptionFailure,
        .unsupportedKeyWrap, .unsupportedKeyTransport, .unsupportedRecipientKey, .internalFailure,
    ]

    /// The codes of certificate parsing, building, chain verification and policies.
    static let x509: Set<Self> = [
        .malformedCertificate, .unsupportedPublicKey, .emptyChain, .chainTooLong, .chainOutOfOrder,
        .unexpectedChainLength, .untrustedRoot, .expired, .notYetValid, .invalidSignature,
        .invalidCertificateAuthority, .pathValidationFailed, .missingLeafMarker, .invalidKeyUsage,
        .intermediateMismatch, .invalidArgument, .internalFailure,
    ]
}
