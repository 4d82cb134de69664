#include "pp_shims_base.h"

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

void pp_openssl_free(void *ptr) { OPENSSL_free(ptr); }

EVP_PKEY *pp_ec_p256_generate(void) {
    EVP_PKEY *pkey = NULL;
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    if (ctx == NULL) return NULL;
    char group[] = "prime256v1";
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, group, 0),
        OSSL_PARAM_construct_end(),
    };
    if (EVP_PKEY_keygen_init(ctx) <= 0 || EVP_PKEY_CTX_set_params(ctx, params) <= 0 ||
        EVP_PKEY_generate(ctx, &pkey) <= 0) {
        pkey = NULL;
    }
    EVP_PKEY_CTX_free(ctx);
    return pkey;
}

EVP_PKEY *pp_rsa_generate(unsigned int bits) {
    EVP_PKEY *pkey = NULL;
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    if (ctx == NULL) return NULL;
    size_t b = bits;
    unsigned int e = 65537;
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_size_t(OSSL_PKEY_PARAM_RSA_BITS, &b),
        OSSL_PARAM_construct_uint(OSSL_PKEY_PARAM_RSA_E, &e),
        OSSL_PARAM_construct_end(),
    };
    if (EVP_PKEY_keygen_init(ctx) <= 0 || EVP_PKEY_CTX_set_params(ctx, params) <= 0 ||
        EVP_PKEY_generate(ctx, &pkey) <= 0) {
        pkey = NULL;
    }
    EVP_PKEY_CTX_free(ctx);
    return pkey;
}

EVP_PKEY *pp_ec_p256_public_from_point(const uint8_t *point, size_t point_len) {
    EVP_PKEY *pkey = NULL;
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    if (ctx == NULL) return NULL;
    char group[] = "prime256v1";
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, group, 0),
        OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)point, point_len),
        OSSL_PARAM_construct_end(),
    };
    if (EVP_PKEY_fromdata_init(ctx) <= 0 ||
        EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_PUBLIC_KEY, params) <= 0) {
        pkey = NULL;
    }
    EVP_PKEY_CTX_free(ctx);
    if (pkey != NULL) {
        /* fromdata does not prove the point is on the curve; the public check does. */
        EVP_PKEY_CTX *check = EVP_PKEY_CTX_new_from_pkey(NULL, pkey, NULL);
        int ok = check != NULL && EVP_PKEY_public_check(check) == 1;
        EVP_PKEY_CTX_free(check);
        if (!ok) {
            EVP_PKEY_free(pkey);
            pkey = NULL;
        }
    }
    return pkey;
}
