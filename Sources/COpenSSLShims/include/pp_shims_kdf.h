#ifndef PP_SHIMS_KDF_H
#define PP_SHIMS_KDF_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/kdf.h>

/// NIST SP 800-56A single-step KDF ("SSKDF") with a hash as auxiliary function:
/// out = H(counter ‖ secret ‖ info) ‖ H(counter+1 ‖ …) truncated to out_len.
/// `kdf` is a fetched "SSKDF" (shared, immutable); `digest` an OpenSSL digest name.
/// Returns 1 on success, 0 on failure (the error queue holds the reason).
int pp_sskdf_derive(EVP_KDF *kdf, const char *digest, const uint8_t *secret, size_t secret_len,
                    const uint8_t *info, size_t info_len, uint8_t *out, size_t out_len);

#endif
