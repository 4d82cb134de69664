#include "pp_shims_kdf.h"

#include <openssl/core_names.h>
#include <openssl/params.h>

int pp_sskdf_derive(EVP_KDF *kdf, const char *digest, const uint8_t *secret, size_t secret_len,
                    const uint8_t *info, size_t info_len, uint8_t *out, size_t out_len) {
    if (kdf == NULL || digest == NULL || secret == NULL || secret_len == 0 || out == NULL || out_len == 0) {
        return 0;
    }
    static const uint8_t empty = 0;
    EVP_KDF_CTX *ctx = EVP_KDF_CTX_new(kdf);
    if (ctx == NULL) return 0;
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)digest, 0),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)secret, secret_len),
        /* An empty OtherInfo is legal; OpenSSL wants a non-NULL pointer for it. */
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)(info != NULL ? info : &empty), info_len),
        OSSL_PARAM_construct_end(),
    };
    int ok = EVP_KDF_derive(ctx, out, out_len, params) == 1;
    EVP_KDF_CTX_free(ctx);
    return ok;
}
