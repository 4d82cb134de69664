#include "pp_shims_ec.h"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>

EVP_PKEY *pp_ec_p256_private_from_scalar(const uint8_t *scalar, size_t scalar_len) {
    if (scalar == NULL || scalar_len != 32) return NULL;
    EVP_PKEY *pkey = NULL;
    EC_GROUP *group = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1);
    BIGNUM *priv = BN_secure_new();
    EC_POINT *point = NULL;
    OSSL_PARAM_BLD *bld = NULL;
    OSSL_PARAM *params = NULL;
    EVP_PKEY_CTX *ctx = NULL;
    uint8_t encoded[65];
    char group_name[] = "prime256v1";

    if (group == NULL || priv == NULL || BN_bin2bn(scalar, (int)scalar_len, priv) == NULL) goto done;
    if (BN_is_zero(priv) || BN_cmp(priv, EC_GROUP_get0_order(group)) >= 0) goto done;
    point = EC_POINT_new(group);
    if (point == NULL || EC_POINT_mul(group, point, priv, NULL, NULL, NULL) != 1) goto done;
    if (EC_POINT_point2oct(group, point, POINT_CONVERSION_UNCOMPRESSED, encoded, sizeof encoded, NULL) !=
        sizeof encoded)
        goto done;
    bld = OSSL_PARAM_BLD_new();
    if (bld == NULL || OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, group_name, 0) != 1 ||
        OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, encoded, sizeof encoded) != 1 ||
        OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, priv) != 1)
        goto done;
    params = OSSL_PARAM_BLD_to_param(bld);
    ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    if (params == NULL || ctx == NULL || EVP_PKEY_fromdata_init(ctx) <= 0 ||
        EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_KEYPAIR, params) <= 0) {
        pkey = NULL;
    }

done:
    EVP_PKEY_CTX_free(ctx);
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    EC_POINT_free(point);
    BN_clear_free(priv);
    EC_GROUP_free(group);
    return pkey;
}
