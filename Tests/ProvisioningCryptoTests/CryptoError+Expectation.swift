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
