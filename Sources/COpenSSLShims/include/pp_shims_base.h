#ifndef PP_SHIMS_BASE_H
#define PP_SHIMS_BASE_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/evp.h>

/// OPENSSL_free is a macro; Swift needs a function.
void pp_openssl_free(void *ptr);

/// Generates a P-256 key pair (OpenSSL group name "prime256v1"). NULL on failure.
EVP_PKEY *pp_ec_p256_generate(void);

/// Generates an RSA key pair with public exponent 65537. NULL on failure.
EVP_PKEY *pp_rsa_generate(unsigned int bits);

/// Builds a P-256 public key from an X9.62 point (uncompressed 65 bytes, or compressed 33).
/// NULL when the bytes are not a point on the curve.
EVP_PKEY *pp_ec_p256_public_from_point(const uint8_t *point, size_t point_len);

/// 1 when an EC public key passes OpenSSL's quick public check (not infinity,
/// coordinates in range, on the curve), else 0. For prime-order curves such as
/// P-256 this is full validation.
int pp_ec_public_check_quick(EVP_PKEY *pkey);

#endif
