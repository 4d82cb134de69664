import Foundation
import ProvisioningCrypto

/// Where the key that signs an issuer's MDES calls comes from: a PEM private
/// key, or the PKCS #12 file Mastercard's developer portal hands out with the
/// project's signing certificate, whose password is read from an environment
/// variable (never written in the configuration).
///
/// In the issuer's `mdes` member, exactly one of `signingKeyPEMFile`,
/// `signingKeyPEM` and `signingKeyP12File`; the last needs
/// `signingKeyP12PasswordVariable`, the name of the variable:
///
/// ```json
/// {"signingKeyP12File": "bank-1/mdes-signing.p12", "signingKeyP12PasswordVariable": "BANK1_MDES_P12_PASSWORD"}
/// ```
package enum MDESSigningKeySource: Hashable, Sendable {
    /// A PEM private key (PKCS #8 or PKCS #1).
    case pem(PEMSource)
    /// A DER PKCS #12 file, opened with the password in the environment
    /// variable `passwordVariable`.
    case pkcs12(file: URL, passwordVariable: String)

    /// The private key.
    ///
    /// - Parameters:
    ///   - field: the setting's path, for errors.
    ///   - environment: where the PKCS #12 password is looked up.
    /// - Throws: ``ServiceError`` `unreadable-reference` for a file that
    ///   cannot be read or an unset variable, `invalid-setting` for content
    ///   that is not an RSA private key of 2048, 3072 or 4096 bits (or a
    ///   PKCS #12 file that does not open with the password). Never names the
    ///   password or the key.
    package func privateKey(
        field: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ServiceError) -> RSA.PrivateKey {
        switch self {
        case .pem(let source):
            let text = try source.load(field: field)
            do {
                return try RSA.PrivateKey(pemRepresentation: text)
            } catch {
                throw ServiceError(.invalidSetting, field: field, "not an RSA private key of an allowed size")
            }
        case .pkcs12(let url, let variable):
            guard let data = try? Data(contentsOf: url) else {
                throw ServiceError(.unreadableReference, field: field, "PKCS #12 file \(url.path) cannot be read")
            }
            guard let password = environment[variable] else {
                throw ServiceError(
                    .unreadableReference, field: field, "the environment variable \(variable) is not set")
            }
            do {
                return try RSA.PrivateKey(pkcs12: Array(data), password: password)
            } catch {
                throw ServiceError(
                    .invalidSetting, field: field,
                    "not a PKCS #12 file holding an RSA private key that opens with the password in \(variable)")
            }
        }
    }
}

extension MDESSigningKeySource: CustomStringConvertible {
    package var description: String {
        switch self {
        case .pem(let source): source.description
        case .pkcs12(let url, let variable): "PKCS12(\(url.path), password in $\(variable))"
        }
    }
}
