#ifndef PP_SHIMS_RSA_H
#define PP_SHIMS_RSA_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/evp.h>

/// Builds an RSA public key from big-endian modulus and public exponent bytes
/// (JWK "n" and "e"). NULL on failure. Size policy is checked by the caller.
EVP_PKEY *pp_rsa_public_from_components(const uint8_t *n, size_t n_len, const uint8_t *e, size_t e_len);

/// Writes the big-endian bytes of an RSA key's BIGNUM parameter (`name` is
/// OSSL_PKEY_PARAM_RSA_N or OSSL_PKEY_PARAM_RSA_E) into `out` without leading
/// zeros. With `out` NULL, returns the length needed. Returns 0 on failure.
size_t pp_rsa_get_component(const EVP_PKEY *pkey, const char *name, uint8_t *out, size_t out_size);

#endif
