import COpenSSL

/// The X.509 key usage extension (RFC 5280 §4.2.1.3): what a certificate's key
/// may be used for.
///
/// ```swift
/// let required: KeyUsage = [.keyEncipherment, .keyAgreement]
/// guard let usage = certificate.keyUsage, usage.isSuperset(of: required) else { … }
/// ```
package struct KeyUsage: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// Bit `n` is RFC 5280's `KeyUsage` bit `n` (digitalSignature is bit 0).
    package let rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }

    package static let digitalSignature = KeyUsage(rawValue: 1 << 0)
    package static let nonRepudiation = KeyUsage(rawValue: 1 << 1)
    package static let keyEncipherment = KeyUsage(rawValue: 1 << 2)
    package static let dataEncipherment = KeyUsage(rawValue: 1 << 3)
    package static let keyAgreement = KeyUsage(rawValue: 1 << 4)
    package static let keyCertSign = KeyUsage(rawValue: 1 << 5)
    package static let cRLSign = KeyUsage(rawValue: 1 << 6)
    package static let encipherOnly = KeyUsage(rawValue: 1 << 7)
    package static let decipherOnly = KeyUsage(rawValue: 1 << 8)

    /// Each usage with its OpenSSL `KU_*` flag and its config-file name.
    static let table: [(usage: KeyUsage, openSSLFlag: UInt32, name: String)] = [
        (.digitalSignature, UInt32(KU_DIGITAL_SIGNATURE), "digitalSignature"),
        (.nonRepudiation, UInt32(KU_NON_REPUDIATION), "nonRepudiation"),
        (.keyEncipherment, UInt32(KU_KEY_ENCIPHERMENT), "keyEncipherment"),
        (.dataEncipherment, UInt32(KU_DATA_ENCIPHERMENT), "dataEncipherment"),
        (.keyAgreement, UInt32(KU_KEY_AGREEMENT), "keyAgreement"),
        (.keyCertSign, UInt32(KU_KEY_CERT_SIGN), "keyCertSign"),
        (.cRLSign, UInt32(KU_CRL_SIGN), "cRLSign"),
        (.encipherOnly, UInt32(KU_ENCIPHER_ONLY), "encipherOnly"),
        (.decipherOnly, UInt32(KU_DECIPHER_ONLY), "decipherOnly"),
    ]

    init(openSSLFlags: UInt32) {
        self = KeyUsage(Self.table.filter { openSSLFlags & $0.openSSLFlag != 0 }.map(\.usage))
    }

    /// OpenSSL's `X509V3_EXT_conf_nid` syntax, e.g. "keyEncipherment,keyAgreement".
    var configValue: String {
        Self.table.filter { contains($0.usage) }.map(\.name).joined(separator: ",")
    }

    package var description: String { "[\(configValue)]" }
}
