import Foundation
import ProvisioningCrypto

extension Issuer {
    /// The card in a request's `encryptedPayload` (base64 CMS to this issuer's
    /// payload certificate), decrypted, decoded and validated for `scheme`: what
    /// provisioning and wallet enrolment both start from.
    ///
    /// - Throws: ``ServiceError`` `payload-undecryptable` for every way the
    ///   envelope fails — a wrong recipient, a key transport other than
    ///   RSAES-OAEP SHA-256, a key that does not unwrap, content that does not
    ///   decrypt — so the answer cannot tell them apart; `payload-invalid`
    ///   (``ServiceError/payloadInvalid(_:)``) for a card that does not validate.
    func decryptCard(
        encryptedPayload: String, scheme: CardScheme, productId: String?, now: Date
    ) throws(ServiceError) -> ValidatedCard {
        let plaintext: [UInt8]
        do {
            let der = try CMSEnvelopedData.der(base64: encryptedPayload)
            plaintext = try CMSEnvelopedData.decrypt(der, key: payloadPrivateKey, certificate: payloadCertificate)
        } catch {
            throw ServiceError(.payloadUndecryptable, "the encrypted payload cannot be decrypted")
        }
        let payload = try CardPayload(jsonData: Data(plaintext))
        return try CardPayloadValidator.validate(payload, scheme: scheme, productId: productId, now: now)
    }
}
