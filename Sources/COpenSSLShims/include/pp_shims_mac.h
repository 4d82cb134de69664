#ifndef PP_SHIMS_MAC_H
#define PP_SHIMS_MAC_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/evp.h>

/// One-shot HMAC with a fetched "HMAC" EVP_MAC (shared, immutable) and a digest name.
/// An empty key is allowed. Writes at most `out_size` bytes and their count to `out_len`.
/// Returns 1 on success, 0 on failure.
int pp_hmac(EVP_MAC *mac, const char *digest, const uint8_t *key, size_t key_len, const uint8_t *data,
            size_t data_len, uint8_t *out, size_t out_size, size_t *out_len);

#endif
