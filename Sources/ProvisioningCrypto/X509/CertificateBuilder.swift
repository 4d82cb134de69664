import COpenSSL
import COpenSSLShims
import Foundation

/// Issues X.509 v3 certificates: self-signed roots, intermediates and leaves,
/// for the sandbox's Apple-shaped certificate authority and for tests.
///
/// Every certificate gets a random positive 16-byte serial (unless one is
/// given), a Subject Key Identifier, and an Authority Key Identifier. Basic
/// constraints and key usage are critical. Signatures are ECDSA-SHA256 for
/// P-256 issuers and RSA-SHA256 (PKCS #1 v1.5) for RSA issuers.
///
/// ```swift
/// let rootKey = AnyPrivateKey.p256(try P256.PrivateKey())
/// let root = try CertificateBuilder.certificateAuthority(
///     subject: DistinguishedName(commonName: "Sandbox Root CA"), publicKey: rootKey.publicKey,
///     notValidBefore: start, notValidAfter: end
/// ).selfSigned(with: rootKey)
///
/// var leaf = CertificateBuilder.endEntity(
///     subject: DistinguishedName(commonName: "Sandbox Leaf"), publicKey: leafKey.publicKey,
///     keyUsage: [.keyEncipherment, .keyAgreement], notValidBefore: start, notValidAfter: end)
/// leaf.extensions.append(.init(oid: ApplePayIssuerEncryptionPolicy.leafMarkerOID, isCritical: true, value: [0x05, 0x00]))
/// let leafCertificate = try leaf.signed(by: intermediate, key: intermediateKey)
/// ```
package struct CertificateBuilder: Sendable {
    /// The subject name.
    package var subject: DistinguishedName
    /// The subject public key.
    package var publicKey: AnyPublicKey
    /// Big-endian serial bytes; `nil` draws a random positive 16-byte serial.
    package var serialNumber: [UInt8]?
    /// Start of validity.
    package var notValidBefore: Date
    /// End of validity; must be after ``notValidBefore``.
    package var notValidAfter: Date
    /// Basic constraints (always critical), or `nil` to omit the extension.
    package var basicConstraints: BasicConstraints?
    /// Key usage (always critical), or `nil` to omit the extension.
    package var keyUsage: KeyUsage?
    /// Further extensions, added as given after the standard ones.
    package var extensions: [Certificate.Extension]
    /// Whether to add Subject and Authority Key Identifiers.
    package var includesKeyIdentifiers: Bool

    package init(
        subject: DistinguishedName, publicKey: AnyPublicKey, notValidBefore: Date, notValidAfter: Date,
        basicConstraints: BasicConstraints? = nil, keyUsage: KeyUsage? = nil,
        extensions: [Certificate.Extension] = []
    ) {
        self.subject = subject
        self.publicKey = publicKey
        self.serialNumber = nil
        self.notValidBefore = notValidBefore
        self.notValidAfter = notValidAfter
        self.basicConstraints = basicConstraints
        self.keyUsage = keyUsage
        self.extensions = extensions
        self.includesKeyIdentifiers = true
    }

    /// A CA certificate: `CA:TRUE` (with an optional path length) and
    /// keyCertSign + cRLSign. Use for roots (``selfSigned(with:)``) and
    /// intermediates (``signed(by:key:)``, usually with `pathLengthConstraint: 0`).
    package static func certificateAuthority(
        subject: DistinguishedName, publicKey: AnyPublicKey, notValidBefore: Date, notValidAfter: Date,
        pathLengthConstraint: Int? = nil, extensions: [Certificate.Extension] = []
    ) -> CertificateBuilder {
        CertificateBuilder(
            subject: subject, publicKey: publicKey, notValidBefore: notValidBefore, notValidAfter: notValidAfter,
            basicConstraints: .ca(pathLengthConstraint: pathLengthConstraint), keyUsage: [.keyCertSign, .cRLSign],
            extensions: extensions)
    }

    /// An end-entity certificate: `CA:FALSE` and the given key usages.
    package static func endEntity(
        subject: DistinguishedName, publicKey: AnyPublicKey, keyUsage: KeyUsage, notValidBefore: Date,
        notValidAfter: Date, extensions: [Certificate.Extension] = []
    ) -> CertificateBuilder {
        CertificateBuilder(
            subject: subject, publicKey: publicKey, notValidBefore: notValidBefore, notValidAfter: notValidAfter,
            basicConstraints: .notCA, keyUsage: keyUsage, extensions: extensions)
    }

    /// Issues the certificate signed by its own key (issuer = subject).
    /// - Throws: ``CryptoError/Code/invalidArgument`` when `key` is not the
    ///   private half of ``publicKey`` or a field is out of range.
    package func selfSigned(with key: AnyPrivateKey) throws -> Certificate {
        guard key.publicKey.evpKey.publicKeyEquals(publicKey.evpKey) else {
            throw CryptoError(.invalidArgument, "signing key does not match the subject public key")
        }
        return try issue(issuer: nil, issuerName: subject, key: key)
    }

    /// Issues the certificate signed by `issuer`'s key.
    /// - Throws: ``CryptoError/Code/invalidArgument`` when `key` does not
    ///   match `issuer`, or a field is out of range.
    package func signed(by issuer: Certificate, key: AnyPrivateKey) throws -> Certificate {
        guard issuer.matches(key) else {
            throw CryptoError(.invalidArgument, "signing key does not match the issuer certificate")
        }
        return try issue(issuer: issuer, issuerName: issuer.subject, key: key)
    }

    private func issue(issuer: Certificate?, issuerName: DistinguishedName, key: AnyPrivateKey) throws -> Certificate {
        guard notValidAfter > notValidBefore else {
            throw CryptoError(.invalidArgument, "validity ends before it starts")
        }
        guard let x509 = X509_new() else { throw OpenSSLErrorQueue.error(.internalFailure, "X509_new failed") }
        defer { X509_free(x509) }
        func check(_ ok: Bool, _ context: String) throws {
            guard ok else { throw OpenSSLErrorQueue.error(.internalFailure, context) }
        }
        try check(X509_set_version(x509, Int(X509_VERSION_3)) == 1, "X509_set_version failed")
        try setSerial(x509)
        let subjectName = try subject.makeX509Name()
        defer { X509_NAME_free(subjectName) }
        let issuerX509Name = try issuerName.makeX509Name()
        defer { X509_NAME_free(issuerX509Name) }
        try check(X509_set_subject_name(x509, subjectName) == 1, "X509_set_subject_name failed")
        try check(X509_set_issuer_name(x509, issuerX509Name) == 1, "X509_set_issuer_name failed")
        try check(
            pp_asn1_time_set_unix(X509_getm_notBefore(x509), Int64(notValidBefore.timeIntervalSince1970)) == 1,
            "cannot set notBefore")
        try check(
            pp_asn1_time_set_unix(X509_getm_notAfter(x509), Int64(notValidAfter.timeIntervalSince1970)) == 1,
            "cannot set notAfter")
        try check(X509_set_pubkey(x509, publicKey.evpKey.pointer) == 1, "X509_set_pubkey failed")

        // The key identifiers are computed from keys already in place: the
        // subject key for SKI, the issuer's SKI (or own, when self-signed) for AKI.
        let issuerPointer = issuer?.handle.pointer ?? x509
        if let basicConstraints {
            try addConfigured(x509, issuerPointer, NID_basic_constraints, basicConstraints.configValue)
        }
        if let keyUsage {
            guard !keyUsage.isEmpty else { throw CryptoError(.invalidArgument, "key usage is empty") }
            try addConfigured(x509, issuerPointer, NID_key_usage, "critical," + keyUsage.configValue)
        }
        if includesKeyIdentifiers {
            try addConfigured(x509, issuerPointer, NID_subject_key_identifier, "hash")
            try addConfigured(x509, issuerPointer, NID_authority_key_identifier, "keyid:always")
        }
        for ext in extensions {
            let ok = ext.value.withUnsafeBufferPointer {
                pp_x509_add_raw_extension(x509, ext.oid, ext.isCritical ? 1 : 0, $0.baseAddress, $0.count)
            }
            guard ok == 1 else {
                throw OpenSSLErrorQueue.error(.invalidArgument, "extension \(ext.oid) not accepted")
            }
        }
        // The issuer's X509 was read through a raw pointer above (key identifiers).
        withExtendedLifetime(issuer) {}
        guard X509_sign(x509, key.evpKey.pointer, EVP_sha256()) > 0 else {
            throw OpenSSLErrorQueue.error(.internalFailure, "X509_sign failed")
        }
        let der: [UInt8]
        do {
            der = try encodeDER("certificate") { i2d_X509(x509, $0) }
        } catch let error as CryptoError {
            throw error.recoded(as: .internalFailure)
        }
        return try Certificate(derRepresentation: der)
    }

    private func setSerial(_ x509: OpaquePointer) throws {
        var bytes: [UInt8]
        if let serialNumber {
            guard !serialNumber.isEmpty, serialNumber.count <= 20, serialNumber.contains(where: { $0 != 0 }) else {
                throw CryptoError(.invalidArgument, "serial number must be 1 to 20 bytes and not zero")
            }
            bytes = serialNumber
        } else {
            bytes = [UInt8](repeating: 0, count: 16)
            guard RAND_bytes(&bytes, Int32(bytes.count)) == 1 else {
                throw OpenSSLErrorQueue.error(.internalFailure, "RAND_bytes failed")
            }
            // Clearing the top bit keeps the DER INTEGER positive in 16 bytes;
            // setting the next one keeps it 16 bytes long.
            bytes[0] = (bytes[0] & 0x7F) | 0x40
        }
        guard let bignum = BN_bin2bn(bytes, Int32(bytes.count), nil) else {
            throw OpenSSLErrorQueue.error(.internalFailure, "BN_bin2bn failed")
        }
        defer { BN_free(bignum) }
        guard let serial = BN_to_ASN1_INTEGER(bignum, nil) else {
            throw OpenSSLErrorQueue.error(.internalFailure, "BN_to_ASN1_INTEGER failed")
        }
        defer { ASN1_INTEGER_free(serial) }
        guard X509_set_serialNumber(x509, serial) == 1 else {
            throw OpenSSLErrorQueue.error(.internalFailure, "X509_set_serialNumber failed")
        }
    }

    private func addConfigured(_ x509: OpaquePointer, _ issuer: OpaquePointer, _ nid: Int32, _ value: String) throws {
        guard pp_x509_add_conf_extension(x509, issuer, nid, value) == 1 else {
            throw OpenSSLErrorQueue.error(.invalidArgument, "extension \(nid) not accepted")
        }
    }
}
