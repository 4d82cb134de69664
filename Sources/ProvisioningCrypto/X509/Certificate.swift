import COpenSSL
import COpenSSLShims
import Foundation

/// An X.509 v3 certificate.
///
/// A value type: copies share one immutable OpenSSL `X509`. Parsing is strict:
/// the DER must be exactly one certificate (no trailing bytes) and every
/// extension OpenSSL knows must decode. The commonly used fields are read once
/// at parse time.
///
/// ```swift
/// let certificate = try Certificate(derRepresentation: request.certificates[0])
/// certificate.subject.commonName
/// certificate.keyUsage?.contains(.keyAgreement)
/// let key = try certificate.publicKey      // AnyPublicKey
/// ```
package struct Certificate: Hashable, Sendable, CustomStringConvertible {
    let handle: X509Handle

    /// The certificate's DER encoding, exactly as parsed or issued.
    package let derRepresentation: [UInt8]
    /// Who the certificate is for.
    package let subject: DistinguishedName
    /// Who signed it.
    package let issuer: DistinguishedName
    /// The serial number as big-endian unsigned bytes (no sign padding byte).
    package let serialNumber: [UInt8]
    /// Start of the validity window.
    package let notValidBefore: Date
    /// End of the validity window (inclusive).
    package let notValidAfter: Date
    /// All extensions, in certificate order.
    package let extensions: [Extension]
    /// The key usage extension, or `nil` when absent.
    package let keyUsage: KeyUsage?
    /// The basic constraints extension, or `nil` when absent.
    package let basicConstraints: BasicConstraints?
    /// SHA-256 over the DER encoding (32 bytes).
    package let sha256Fingerprint: [UInt8]

    // MARK: Parsing

    /// Parses one DER certificate.
    /// - Throws: ``CryptoError/Code/malformedCertificate`` for empty,
    ///   truncated or random input, trailing bytes, or undecodable extensions.
    package init<Bytes: Collection>(derRepresentation: Bytes) throws where Bytes.Element == UInt8 {
        let der = Array(derRepresentation)
        let pointer: OpaquePointer
        do {
            pointer = try decodeDER(der, "certificate", { d2i_X509(nil, $0, $1) }, release: { X509_free($0) })
        } catch let error as CryptoError {
            throw error.recoded(as: .malformedCertificate)
        }
        try self.init(handle: X509Handle(taking: pointer), der: der)
    }

    /// Parses a PEM document holding exactly one "CERTIFICATE" block.
    /// - Throws: ``CryptoError/Code/malformedCertificate``.
    package init(pemRepresentation: String) throws {
        let certificates = try Certificate.parseChain(pem: pemRepresentation)
        guard certificates.count == 1, let certificate = certificates.first else {
            throw CryptoError(.malformedCertificate, "expected one PEM certificate, found \(certificates.count)")
        }
        self = certificate
    }

    /// Parses every "CERTIFICATE" block of a PEM bundle, in order.
    /// - Throws: ``CryptoError/Code/malformedCertificate`` when there is no
    ///   block, a block has another label, or a block does not parse.
    package static func parseChain(pem: String) throws -> [Certificate] {
        let documents: [PEMDocument]
        do {
            documents = try PEMDocument.parseAll(pem)
        } catch let error as CryptoError {
            throw error.recoded(as: .malformedCertificate)
        }
        return try documents.map { document in
            guard document.label == "CERTIFICATE" else {
                throw CryptoError(.malformedCertificate, "PEM block is not a CERTIFICATE")
            }
            return try Certificate(derRepresentation: document.der)
        }
    }

    init(handle: X509Handle, der: [UInt8]) throws {
        let x509 = handle.pointer
        // Computes OpenSSL's cached extension data; EXFLAG_INVALID marks an
        // extension it knows but cannot decode (or a duplicated one).
        let flags = X509_get_extension_flags(x509)
        guard flags & UInt32(EXFLAG_INVALID) == 0 else {
            OpenSSLErrorQueue.clear()
            throw CryptoError(.malformedCertificate, "certificate has an invalid extension")
        }
        guard let subjectName = X509_get_subject_name(x509), let issuerName = X509_get_issuer_name(x509),
            let serial = X509_get0_serialNumber(x509), let notBefore = X509_get0_notBefore(x509),
            let notAfter = X509_get0_notAfter(x509)
        else {
            throw CryptoError(.malformedCertificate, "certificate lacks a mandatory field")
        }
        self.handle = handle
        self.derRepresentation = der
        self.subject = try DistinguishedName(borrowing: subjectName)
        self.issuer = try DistinguishedName(borrowing: issuerName)
        self.serialNumber = Self.bytes(of: serial)
        self.notValidBefore = try Self.date(notBefore)
        self.notValidAfter = try Self.date(notAfter)
        self.extensions = try Self.readExtensions(x509)
        self.keyUsage = flags & UInt32(EXFLAG_KUSAGE) != 0 ? KeyUsage(openSSLFlags: X509_get_key_usage(x509)) : nil
        if flags & UInt32(EXFLAG_BCONS) != 0 {
            let pathLength = X509_get_pathlen(x509)
            self.basicConstraints = BasicConstraints(
                isCA: flags & UInt32(EXFLAG_CA) != 0, pathLengthConstraint: pathLength >= 0 ? Int(pathLength) : nil)
        } else {
            self.basicConstraints = nil
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var digestLength: UInt32 = 0
        guard X509_digest(x509, EVP_sha256(), &digest, &digestLength) == 1, digestLength == 32 else {
            throw OpenSSLErrorQueue.error(.internalFailure, "X509_digest failed")
        }
        self.sha256Fingerprint = Array(digest.prefix(32))
    }

    private static func bytes(of integer: UnsafePointer<ASN1_INTEGER>) -> [UInt8] {
        // ASN1_INTEGER keeps the magnitude big-endian; the sign is in its type.
        guard let data = ASN1_STRING_get0_data(integer) else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(ASN1_STRING_length(integer))))
    }

    private static func date(_ time: UnsafePointer<ASN1_TIME>) throws -> Date {
        var seconds: Int64 = 0
        guard pp_asn1_time_to_unix(time, &seconds) == 1 else {
            OpenSSLErrorQueue.clear()
            throw CryptoError(.malformedCertificate, "invalid validity time")
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func readExtensions(_ x509: OpaquePointer) throws -> [Extension] {
        try (0..<max(0, X509_get_ext_count(x509))).map { index in
            guard let ext = X509_get_ext(x509, index), let object = X509_EXTENSION_get_object(ext),
                let data = X509_EXTENSION_get_data(ext)
            else {
                throw CryptoError(.malformedCertificate, "unreadable extension")
            }
            let value = ASN1_STRING_get0_data(data).map {
                Array(UnsafeBufferPointer(start: $0, count: Int(ASN1_STRING_length(data))))
            }
            return Extension(
                oid: try objectIdentifier(object), isCritical: X509_EXTENSION_get_critical(ext) == 1,
                value: value ?? [])
        }
    }

    // MARK: Encodings

    /// "-----BEGIN CERTIFICATE-----" PEM.
    package var pemRepresentation: String {
        PEMDocument(label: "CERTIFICATE", der: derRepresentation).pemString
    }

    // MARK: Derived fields

    /// The serial number as lowercase hex.
    package var serialNumberHex: String {
        serialNumber.map { String(format: "%02x", $0) }.joined()
    }

    /// The SHA-256 fingerprint in the usual colon-separated uppercase hex form.
    package var sha256FingerprintHex: String {
        sha256Fingerprint.map { String(format: "%02X", $0) }.joined(separator: ":")
    }

    /// Whether the basic constraints extension says `CA:TRUE`.
    package var isCA: Bool { basicConstraints?.isCA ?? false }

    /// The subject public key.
    /// - Throws: ``CryptoError/Code/unsupportedPublicKey`` for keys other
    ///   than P-256 and RSA 2048/3072/4096 (Apple's P-384 root, for example).
    package var publicKey: AnyPublicKey {
        get throws {
            guard let pointer = X509_get_pubkey(handle.pointer) else {
                throw OpenSSLErrorQueue.error(.unsupportedPublicKey, "public key cannot be decoded")
            }
            do {
                return try AnyPublicKey(evpKey: EVPKey(taking: pointer))
            } catch let error as CryptoError {
                throw error.recoded(as: .unsupportedPublicKey)
            }
        }
    }

    /// The first extension with the dotted `oid`, if any.
    package func `extension`(oid: String) -> Extension? {
        extensions.first { $0.oid == oid }
    }

    /// Whether `privateKey` is the private half of this certificate's key.
    package func matches(_ privateKey: AnyPrivateKey) -> Bool {
        let matches = X509_check_private_key(handle.pointer, privateKey.evpKey.pointer) == 1
        OpenSSLErrorQueue.clear()
        return matches
    }

    package var description: String {
        "Certificate(subject: \(subject), issuer: \(issuer), serial: \(serialNumberHex))"
    }

    package static func == (lhs: Certificate, rhs: Certificate) -> Bool {
        lhs.derRepresentation == rhs.derRepresentation
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(sha256Fingerprint)
    }
}

/// Owns one OpenSSL `X509`.
///
/// The certificate is never mutated after parsing; OpenSSL 3 guards its lazily
/// computed caches with a lock, so sharing across threads is safe.
final class X509Handle: @unchecked Sendable {
    let pointer: OpaquePointer

    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { X509_free(pointer) }
}
