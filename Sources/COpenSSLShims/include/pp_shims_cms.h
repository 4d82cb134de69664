#ifndef PP_SHIMS_CMS_H
#define PP_SHIMS_CMS_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/cms.h>

/// Content ciphers for pp_cms_encrypt.
typedef enum {
    PP_CMS_AES256_CBC = 0,
    /// AES-256-GCM; OpenSSL produces AuthEnvelopedData (RFC 5083) for it.
    PP_CMS_AES256_GCM = 1,
} pp_cms_cipher;

/// Encrypts `data` for `recipient` as CMS EnvelopedData (or AuthEnvelopedData
/// for GCM). RSA recipients use RSAES-OAEP with SHA-256 and MGF1-SHA-256; EC
/// recipients use ephemeral-static ECDH with the X9.63 SHA-256 KDF and AES key
/// wrap. Returns NULL on failure (reasons on the error queue).
CMS_ContentInfo *pp_cms_encrypt(X509 *recipient, const uint8_t *data, size_t data_len,
                                pp_cms_cipher cipher);

/// Outcome of pp_cms_decrypt.
typedef enum {
    PP_CMS_DECRYPT_OK = 0,
    /// The structure is not (Auth)EnvelopedData.
    PP_CMS_DECRYPT_NOT_ENVELOPED = 1,
    /// No RecipientInfo names the given certificate.
    PP_CMS_DECRYPT_NO_RECIPIENT = 2,
    /// A RecipientInfo matched but the key or content did not decrypt.
    PP_CMS_DECRYPT_FAILED = 3,
    /// A key-agreement RecipientInfo for the certificate wraps the content key
    /// with an algorithm other than AES key wrap (RFC 3394); nothing was
    /// decrypted.
    PP_CMS_DECRYPT_UNSUPPORTED_KEY_WRAP = 4,
    /// A key-transport RecipientInfo for the certificate uses an algorithm
    /// other than RSAES-OAEP with SHA-256 and MGF1-SHA-256 (PKCS #1 v1.5, what
    /// `openssl cms -encrypt` does by default, or OAEP's SHA-1 defaults);
    /// nothing was decrypted, so no padding check ever runs on such input.
    PP_CMS_DECRYPT_UNSUPPORTED_KEY_TRANSPORT = 5,
} pp_cms_decrypt_status;

/// Decrypts `cms` with `pkey` for the recipient `cert`, writing the plaintext
/// to `out`. Giving the certificate makes OpenSSL pick that recipient only
/// (and skips the RSA "try every recipient" mode that yields random keys).
pp_cms_decrypt_status pp_cms_decrypt(CMS_ContentInfo *cms, EVP_PKEY *pkey, X509 *cert, BIO *out);

#endif
