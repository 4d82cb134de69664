import Foundation

/// The production Apple certificates, compiled into this module.
///
/// Pin ``appleRootCAG3`` as the only root when verifying Apple's chains; never
/// use the system trust store. The certificates come from `Resources/*.pem`
/// through `scripts/embed-resources.py`, so a program carries them wherever it
/// is copied; the test suite checks the compiled copies against those files
/// and their SHA-256 fingerprints.
///
/// ```swift
/// let verifier = CertificateChainVerifier(trustedRoots: [try TrustAnchors.appleRootCAG3])
/// print(try TrustAnchors.appleRootCAG3.sha256FingerprintHex)  // 63:34:3A:BF:…:3E:91:79
/// ```
package enum TrustAnchors {
    /// Apple Root CA - G3 (P-384, valid to 2039-04-30). SHA-256
    /// `63:34:3A:BF:…:3E:91:79`.
    /// - Throws: ``CryptoError`` if the compiled-in certificate cannot be parsed.
    package static var appleRootCAG3: Certificate {
        get throws { try load(appleRootCAG3PEM, name: "Apple Root CA - G3") }
    }

    /// Apple Worldwide Developer Relations CA - G2 (P-256, issued by Root CA - G3,
    /// valid to 2029-05-06). SHA-256 `9E:D4:B3:B8:…:8A:C9:4C`.
    /// - Throws: ``CryptoError`` if the compiled-in certificate cannot be parsed.
    package static var appleWWDRCAG2: Certificate {
        get throws { try load(appleWWDRCAG2PEM, name: "Apple Worldwide Developer Relations CA - G2") }
    }

    private static func load(_ pem: String, name: String) throws -> Certificate {
        do {
            return try Certificate(pemRepresentation: pem)
        } catch {
            throw CryptoError(.internalFailure, "the built-in certificate \(name) cannot be parsed")
        }
    }
}
