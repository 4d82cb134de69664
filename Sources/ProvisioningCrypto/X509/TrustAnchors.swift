import Foundation

/// The production Apple certificates shipped with this module.
///
/// Pin ``appleRootCAG3`` as the only root when verifying Apple's chains; never
/// use the system trust store. Their SHA-256 fingerprints are checked by the
/// test suite.
public enum TrustAnchors {
    /// Apple Root CA - G3 (P-384, valid to 2039-04-30). SHA-256
    /// `63:34:3A:BF:…:3E:91:79`.
    /// - Throws: ``CertificateError`` if the bundled resource is missing or damaged.
    public static var appleRootCAG3: Certificate {
        get throws { try load("AppleRootCA-G3") }
    }

    /// Apple Worldwide Developer Relations CA - G2 (P-256, issued by Root CA - G3,
    /// valid to 2029-05-06). SHA-256 `9E:D4:B3:B8:…:8A:C9:4C`.
    public static var appleWWDRCAG2: Certificate {
        get throws { try load("AppleWWDRCA-G2") }
    }

    private static func load(_ name: String) throws -> Certificate {
        guard let url = Bundle.module.url(forResource: name, withExtension: "pem"),
            let data = try? Data(contentsOf: url)
        else {
            throw CertificateError(.internalFailure, "bundled certificate \(name) is missing")
        }
        return try Certificate(pemRepresentation: String(decoding: data, as: UTF8.self))
    }
}
