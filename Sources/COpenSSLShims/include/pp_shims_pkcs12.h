#ifndef PP_SHIMS_PKCS12_H
#define PP_SHIMS_PKCS12_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/evp.h>

/// The private key of a DER PKCS #12 file (`.p12`, `.pfx`), decrypted with
/// `password` (NUL-terminated UTF-8; "" for none). The certificates the file
/// also holds are parsed and freed. NULL when the bytes are not PKCS #12,
/// the MAC does not verify with the password, a bag cannot be decrypted (an
/// algorithm OpenSSL's default provider lacks, such as RC2), or the file holds
/// no key. OpenSSL's error queue says which.
EVP_PKEY *pp_pkcs12_private_key(const uint8_t *der, size_t der_len, const char *password);

#endif
