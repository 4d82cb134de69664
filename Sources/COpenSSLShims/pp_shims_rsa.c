#include "pp_shims_rsa.h"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>

EVP_PKEY *pp_rsa_public_from_components(const uint8_t *n, size_t n_len, const uint8_t *e, size_t e_len) {
    if (n == NULL || e == NULL || n_len == 0 || e_len == 0 || n_len > 2048 || e_len > 8) return NULL;
    EVP_PKEY *pkey = NULL;
    BIGNUM *bn_n = BN_bin2bn(n, (int)n_len, NULL);
    BIGNUM *bn_e = BN_bin2bn(e, (int)e_len, NULL);
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    OSSL_PARAM *params = NULL;
    EVP_PKEY_CTX *ctx = NULL;
    if (bn_n == NULL || bn_e == NULL || bld == NULL) goto done;
    /* An even modulus or an exponent below 3 or even is never a valid RSA key. */
    if (!BN_is_odd(bn_n) || !BN_is_odd(bn_e) || BN_is_one(bn_e)) goto done;
    if (OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_N, bn_n) != 1 ||
        OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_E, bn_e) != 1)
        goto done;
    params = OSSL_PARAM_BLD_to_param(bld);
    ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    if (params == NULL || ctx == NULL || EVP_PKEY_fromdata_init(ctx) <= 0 ||
        EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_PUBLIC_KEY, params) <= 0) {
        pkey = NULL;
    }
done:
    EVP_PKEY_CTX_free(ctx);
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    BN_free(bn_n);
    BN_free(bn_e);
    return pkey;
}

size_t pp_rsa_get_component(const EVP_PKEY *pkey, const char *name, uint8_t *out, size_t out_size) {
    BIGNUM *bn = NULL;
    if (pkey == NULL || name == NULL || EVP_PKEY_get_bn_param(pkey, name, &bn) != 1) return 0;
    size_t length = (size_t)BN_num_bytes(bn);
    size_t result = 0;
    if (out == NULL) {
        result = length;
    } else if (length <= out_size && BN_bn2bin(bn, out) == (int)length) {
        result = length;
    }
    BN_free(bn);
    return result;
}
