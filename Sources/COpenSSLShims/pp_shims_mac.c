#include "pp_shims_mac.h"

#include <openssl/core_names.h>
#include <openssl/params.h>

int pp_hmac(EVP_MAC *mac, const char *digest, const uint8_t *key, size_t key_len, const uint8_t *data,
            size_t data_len, uint8_t *out, size_t out_size, size_t *out_len) {
    if (mac == NULL || digest == NULL || out == NULL || out_len == NULL) return 0;
    /* EVP_MAC_init treats a NULL key as "keep the previous key"; an empty key needs a real pointer. */
    static const uint8_t empty = 0;
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
    if (ctx == NULL) return 0;
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)digest, 0),
        OSSL_PARAM_construct_end(),
    };
    int ok = EVP_MAC_init(ctx, key != NULL ? key : &empty, key_len, params) == 1 &&
             (data_len == 0 || EVP_MAC_update(ctx, data, data_len) == 1) &&
             EVP_MAC_final(ctx, out, out_len, out_size) == 1;
    EVP_MAC_CTX_free(ctx);
    return ok;
}
