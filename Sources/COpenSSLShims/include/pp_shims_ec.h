#ifndef PP_SHIMS_EC_H
#define PP_SHIMS_EC_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/evp.h>

/// Builds a P-256 key pair from a 32-byte big-endian private scalar, deriving the
/// public point. NULL when the scalar is not in [1, n-1].
EVP_PKEY *pp_ec_p256_private_from_scalar(const uint8_t *scalar, size_t scalar_len);

#endif
