#include "pp_shims_base.h"

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

void pp_openssl_free(void *ptr) { OPENSSL_free(ptr); }

/* P-256 domain parameters (no key), built once: generating from a template key
   skips the per-call keymgmt fetch and group-name lookup of
   EVP_PKEY_CTX_new_from_name, about a third of a key generation. The template is
   never modified after creation, and OpenSSL 3 allows concurrent
   EVP_PKEY_CTX_new_from_pkey on one EVP_PKEY, so it is shared by all threads. */
static EVP_PKEY *pp_p256_template = NULL;
static CRYPTO_ONCE pp_p256_template_once = CRYPTO_ONCE_STATIC_INIT;

static void pp_p256_template_init(void) {
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    if (ctx == NULL) return;
    char group[] = "prime256v1";
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, group, 0),
        OSSL_PARAM_construct_end(),
    };
    EVP_PKEY *pkey = NULL;
    if (EVP_PKEY_fromdata_init(ctx) > 0 && EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_KEY_PARAMETERS, params) > 0) {
        pp_p256_template = pkey;
    }
    EVP_PKEY_CTX_free(ctx);
}

EVP_PKEY *pp_ec_p256_generate(void) {
    if (!CRYPTO_THREAD_run_once(&pp_p256_template_once, pp_p256_template_init) || pp_p256_template == NULL) {
        return NULL;
    }
    EVP_PKEY *pkey = NULL;
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(NULL, pp_p256_template, NULL);
    if (ctx == NULL) return NULL;
    if (EVP_PKEY_keygen_init(ctx) <= 0 || EVP_PKEY_generate(ctx, &pkey) <= 0) {
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
    if (pkey != NULL && !pp_ec_public_check_quick(pkey)) {
        EVP_PKEY_free(pkey);
        pkey = NULL;
    }
    return pkey;
}

int pp_ec_public_check_quick(EVP_PKEY *pkey) {
    /* The quick check (SP 800-56A 5.6.2.3.4 partial validation): the point is not
       at infinity, its coordinates are field elements, and it lies on the curve.
       The full check adds n·Q = O, a whole scalar multiplication, which proves
       nothing more on a curve of cofactor 1 such as P-256: every point on the
       curve other than O has order n. */
    EVP_PKEY_CTX *check = EVP_PKEY_CTX_new_from_pkey(NULL, pkey, NULL);
    int ok = check != NULL && EVP_PKEY_public_check_quick(check) == 1;
    EVP_PKEY_CTX_free(check);
    return ok;
}
