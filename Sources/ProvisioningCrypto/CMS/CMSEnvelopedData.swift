import COpenSSL
import COpenSSLShims
import Foundation

/// CMS (RFC 5652) EnvelopedData: content encrypted for one recipient
/// certificate. This is the format of a bank's `encryptedPayload`.
///
/// * RSA recipients: key transport with RSAES-OAEP, SHA-256 and MGF1-SHA-256 —
///   the only key transport ``decrypt(_:key:certificate:maximumInputSize:)``
///   accepts: PKCS #1 v1.5 (what `openssl cms -encrypt` does without
///   `-keyopt rsa_padding_mode:oaep`) and OAEP's SHA-1 defaults are refused with
///   ``CryptoError/Code/unsupportedKeyTransport`` before any decryption.
/// * P-256 recipients: ephemeral-static ECDH key agreement (RFC 5753,
///   dhSinglePass-stdDH-sha256kdf) with AES key wrap.
/// * Content: AES-256-CBC (EnvelopedData) or AES-256-GCM (AuthEnvelopedData,
///   RFC 5083).
///
/// ```swift
/// let der = try CMSEnvelopedData.encrypt(payload, for: serviceCertificate)
/// let plaintext = try CMSEnvelopedData.decrypt(der, key: serviceKey, certificate: serviceCertificate)
/// ```
package enum CMSEnvelopedData {
    /// The symmetric cipher for the content.
    package enum ContentCipher: Sendable, Hashable {
        /// AES-256-CBC, EnvelopedData: what `openssl cms -encrypt -aes256` writes.
        case aes256CBC
        /// AES-256-GCM, AuthEnvelopedData: modification is detected.
        case aes256GCM
    }

    /// Inputs larger than this are refused before parsing unless the caller
    /// raises the limit.
    package static let defaultMaximumInputSize = 64 * 1024

    /// Encrypts `plaintext` for `recipient`.
    /// - Returns: the DER ContentInfo.
    /// - Throws: ``CryptoError/Code/unsupportedRecipientKey`` when the certificate
    ///   key is not RSA or P-256; ``CryptoError/Code/internalFailure`` otherwise.
    package static func encrypt<Bytes: Collection>(
        _ plaintext: Bytes, for recipient: Certificate, contentCipher: ContentCipher = .aes256CBC
    ) throws -> [UInt8] where Bytes.Element == UInt8 {
        do {
            _ = try recipient.publicKey
        } catch let error as CryptoError {
            throw error.recoded(as: .unsupportedRecipientKey)
        }
        let data = Array(plaintext)
        let cipher = contentCipher == .aes256GCM ? PP_CMS_AES256_GCM : PP_CMS_AES256_CBC
        let cms = withExtendedLifetime(recipient) {
            data.withUnsafeBufferPointer { pp_cms_encrypt(recipient.handle.pointer, $0.baseAddress, $0.count, cipher) }
        }
        guard let cms else { throw OpenSSLErrorQueue.error(.internalFailure, "CMS encryption failed") }
        defer { CMS_ContentInfo_free(cms) }
        do {
            return try encodeDER("CMS") { i2d_CMS_ContentInfo(cms, $0) }
        } catch let error as CryptoError {
            throw error.recoded(as: .internalFailure)
        }
    }

    /// Decrypts a DER ContentInfo addressed to `certificate` with its `key`.
    ///
    /// The certificate selects the one RecipientInfo to use, so OpenSSL does
    /// not try every recipient. An RSA recipient's failures all cost the same:
    /// when the encrypted key does not unwrap (RSAES-OAEP), the content is
    /// still decrypted, with a random key, and the answer is
    /// ``CryptoError/Code/decryptionFailure`` either way — never what that random
    /// key yields (`make bench` compares the timing of both failures).
    ///
    /// - Parameter maximumInputSize: larger input is refused before parsing.
    /// - Throws: ``CryptoError`` with ``CryptoError/Code/inputTooLarge``,
    ///   ``CryptoError/Code/malformed``, ``CryptoError/Code/unsupportedContentType``,
    ///   ``CryptoError/Code/keyMismatch``, ``CryptoError/Code/recipientNotFound``,
    ///   ``CryptoError/Code/unsupportedKeyWrap`` (a P-256 recipient whose content
    ///   key is not wrapped with AES key wrap) or
    ///   ``CryptoError/Code/decryptionFailure``.
    package static func decrypt<Bytes: Collection>(
        _ der: Bytes, key: AnyPrivateKey, certificate: Certificate,
        maximumInputSize: Int = defaultMaximumInputSize
    ) throws -> [UInt8] where Bytes.Element == UInt8 {
        guard der.count <= maximumInputSize else {
            throw CryptoError(.inputTooLarge, "\(der.count) bytes exceed the \(maximumInputSize)-byte limit")
        }
        let cms: OpaquePointer
        do {
            cms = try decodeDER(
                Array(der), "CMS", { d2i_CMS_ContentInfo(nil, $0, $1) }, release: { CMS_ContentInfo_free($0) })
        } catch let error as CryptoError {
            throw error.recoded(as: .malformed)
        }
        defer { CMS_ContentInfo_free(cms) }
        guard certificate.matches(key) else {
            throw CryptoError(.keyMismatch, "the private key does not belong to the certificate")
        }
        // The plaintext is a card payload: a secure-memory BIO is wiped when freed.
        guard let output = BIO_new(BIO_s_secmem()) else {
            throw OpenSSLErrorQueue.error(.internalFailure, "BIO_new failed")
        }
        defer { BIO_free(output) }
        let status = withExtendedLifetime((key, certificate)) {
            pp_cms_decrypt(cms, key.evpKey.pointer, certificate.handle.pointer, output)
        }
        switch status {
        case PP_CMS_DECRYPT_OK:
            OpenSSLErrorQueue.clear()
            return contents(of: output)
        case PP_CMS_DECRYPT_NOT_ENVELOPED:
            throw CryptoError(.unsupportedContentType, "not EnvelopedData or AuthEnvelopedData")
        case PP_CMS_DECRYPT_NO_RECIPIENT:
            OpenSSLErrorQueue.clear()
            throw CryptoError(.recipientNotFound, "no recipient matches the certificate")
        case PP_CMS_DECRYPT_UNSUPPORTED_KEY_WRAP:
            OpenSSLErrorQueue.clear()
            throw CryptoError(.unsupportedKeyWrap, "the recipient's key-wrap algorithm is not AES key wrap")
        case PP_CMS_DECRYPT_UNSUPPORTED_KEY_TRANSPORT:
            OpenSSLErrorQueue.clear()
            throw CryptoError(
                .unsupportedKeyTransport,
                "the recipient's key transport is not RSAES-OAEP with SHA-256 and MGF1-SHA-256")
        case PP_CMS_DECRYPT_FAILED:
            throw OpenSSLErrorQueue.error(.decryptionFailure, "CMS decryption failed")
        default:
            throw OpenSSLErrorQueue.error(.internalFailure, "CMS decryption could not run")
        }
    }

    private static func contents(of bio: OpaquePointer) -> [UInt8] {
        var buffer: UnsafeMutablePointer<CChar>?
        let length = BIO_ctrl(bio, BIO_CTRL_INFO, 0, &buffer)
        guard length > 0, let buffer else { return [] }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    // MARK: Text encodings

    /// Wraps DER in "-----BEGIN CMS-----" PEM (what `openssl cms -outform PEM` writes).
    package static func pemRepresentation<Bytes: Collection>(der: Bytes) -> String where Bytes.Element == UInt8 {
        PEMDocument(label: "CMS", der: Array(der)).pemString
    }

    /// The DER inside a "CMS" (or legacy "PKCS7") PEM block.
    /// - Throws: ``CryptoError/Code/inputTooLarge`` or ``CryptoError/Code/malformed``.
    package static func der(pem: String, maximumInputSize: Int = defaultMaximumInputSize) throws -> [UInt8] {
        // Base64 and armour make PEM about 4/3 of the DER plus some lines.
        guard pem.utf8.count <= maximumInputSize * 4 / 3 + 1024 else {
            throw CryptoError(.inputTooLarge, "PEM exceeds the size limit")
        }
        let documents: [PEMDocument]
        do {
            documents = try PEMDocument.parseAll(pem)
        } catch let error as CryptoError {
            throw error.recoded(as: .malformed)
        }
        guard documents.count == 1, let document = documents.first, ["CMS", "PKCS7"].contains(document.label) else {
            throw CryptoError(.malformed, "expected one CMS PEM block")
        }
        return document.der
    }

    /// Standard base64 of the DER (no line breaks).
    package static func base64EncodedString<Bytes: Collection>(der: Bytes) -> String where Bytes.Element == UInt8 {
        Data(der).base64EncodedString()
    }

    /// The DER from standard base64 (line breaks and spaces are ignored).
    /// - Throws: ``CryptoError/Code/inputTooLarge`` or ``CryptoError/Code/malformed``.
    package static func der(base64: String, maximumInputSize: Int = defaultMaximumInputSize) throws -> [UInt8] {
        guard base64.utf8.count <= maximumInputSize * 4 / 3 + 1024 else {
            throw CryptoError(.inputTooLarge, "base64 exceeds the size limit")
        }
        // Bytes, not Characters: grapheme-by-grapheme filtering cost more than
        // the RSA decryption's neighbours on the provisioning hot path. Payloads
        // sent over the API carry no whitespace: decode those without a copy.
        let data: Data?
        if base64.utf8.contains(where: Self.isASCIIWhitespace) {
            data = Data(base64Encoded: Data(base64.utf8.filter { !Self.isASCIIWhitespace($0) }))
        } else {
            data = Data(base64Encoded: base64)
        }
        guard let data else { throw CryptoError(.malformed, "not base64") }
        return Array(data)
    }

    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
