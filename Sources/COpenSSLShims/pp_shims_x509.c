#include "pp_shims_x509.h"

#include <string.h>
#include <time.h>
#include <openssl/err.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/x509v3.h>

STACK_OF(X509) *pp_x509_stack_new(void) { return sk_X509_new_null(); }
int pp_x509_stack_push(STACK_OF(X509) *stack, X509 *cert) { return sk_X509_push(stack, cert); }
int pp_x509_stack_count(const STACK_OF(X509) *stack) { return sk_X509_num(stack); }
X509 *pp_x509_stack_value(const STACK_OF(X509) *stack, int index) { return sk_X509_value(stack, index); }
void pp_x509_stack_free(STACK_OF(X509) *stack) { sk_X509_free(stack); }
void pp_x509_stack_free_all(STACK_OF(X509) *stack) { sk_X509_pop_free(stack, X509_free); }

int pp_err_lib(unsigned long code) { return ERR_GET_LIB(code); }
int pp_err_reason(unsigned long code) { return ERR_GET_REASON(code); }
int pp_err_last_is_pem_no_start_line(void) {
    unsigned long code = ERR_peek_last_error();
    return ERR_GET_LIB(code) == ERR_LIB_PEM && ERR_GET_REASON(code) == PEM_R_NO_START_LINE;
}

typedef struct {
    const char *const *oids;
    size_t count;
} pp_handled_oids;

/* Index 0 of X509_STORE_CTX's ex_data is the application slot
   (X509_STORE_CTX_set_app_data). */
static int pp_extension_is_handled(X509_EXTENSION *ext, const pp_handled_oids *handled) {
    if (X509_supported_extension(ext)) return 1;
    if (handled == NULL) return 0;
    char text[128];
    int len = OBJ_obj2txt(text, sizeof text, X509_EXTENSION_get_object(ext), 1);
    if (len <= 0 || (size_t)len >= sizeof text) return 0;
    for (size_t i = 0; i < handled->count; i++) {
        if (strcmp(text, handled->oids[i]) == 0) return 1;
    }
    return 0;
}

static int pp_verify_callback(int ok, X509_STORE_CTX *ctx) {
    if (ok) return 1;
    if (X509_STORE_CTX_get_error(ctx) != X509_V_ERR_UNHANDLED_CRITICAL_EXTENSION) return 0;
    /* OpenSSL refuses every critical extension it does not know, including the
       marker OIDs the caller's policy checks itself: accept exactly those. */
    const pp_handled_oids *handled = X509_STORE_CTX_get_ex_data(ctx, 0);
    X509 *cert = X509_STORE_CTX_get_current_cert(ctx);
    if (cert == NULL) return 0;
    int count = X509_get_ext_count(cert);
    for (int i = 0; i < count; i++) {
        X509_EXTENSION *ext = X509_get_ext(cert, i);
        if (X509_EXTENSION_get_critical(ext) && !pp_extension_is_handled(ext, handled)) return 0;
    }
    X509_STORE_CTX_set_error(ctx, X509_V_OK);
    return 1;
}

pp_x509_verify_result pp_x509_verify_chain(X509 *const *roots, size_t root_count, X509 *leaf,
                                           X509 *const *untrusted, size_t untrusted_count,
                                           int64_t check_time, int max_depth,
                                           const char *const *handled_oids, size_t handled_count) {
    pp_x509_verify_result result = {-1, -1, NULL};
    pp_handled_oids handled = {handled_oids, handled_count};
    X509_STORE *store = X509_STORE_new();
    STACK_OF(X509) *chain = sk_X509_new_null();
    X509_STORE_CTX *ctx = X509_STORE_CTX_new();
    if (store == NULL || chain == NULL || ctx == NULL) goto done;
    for (size_t i = 0; i < root_count; i++) {
        if (X509_STORE_add_cert(store, roots[i]) != 1) goto done;
    }
    for (size_t i = 0; i < untrusted_count; i++) {
        if (!sk_X509_push(chain, untrusted[i])) goto done;
    }
    if (X509_STORE_CTX_init(ctx, store, leaf, chain) != 1) goto done;
    X509_VERIFY_PARAM *param = X509_STORE_CTX_get0_param(ctx);
    X509_VERIFY_PARAM_clear_flags(param, X509_V_FLAG_X509_STRICT | X509_V_FLAG_PARTIAL_CHAIN);
    X509_VERIFY_PARAM_set_time(param, (time_t)check_time); /* also sets USE_CHECK_TIME */
    X509_VERIFY_PARAM_set_depth(param, max_depth);
    X509_STORE_CTX_set_ex_data(ctx, 0, &handled);
    X509_STORE_CTX_set_verify_cb(ctx, pp_verify_callback);
    if (X509_verify_cert(ctx) == 1) {
        result.error = X509_V_OK;
        result.error_depth = 0;
        result.verified = X509_STORE_CTX_get1_chain(ctx);
        if (result.verified == NULL) result.error = -1;
    } else {
        result.error = X509_STORE_CTX_get_error(ctx);
        result.error_depth = X509_STORE_CTX_get_error_depth(ctx);
        if (result.error == X509_V_OK) result.error = -1;
    }
done:
    X509_STORE_CTX_free(ctx);
    sk_X509_free(chain);
    X509_STORE_free(store);
    return result;
}

int pp_x509_add_conf_extension(X509 *cert, X509 *issuer, int nid, const char *value) {
    X509V3_CTX ctx;
    X509V3_set_ctx(&ctx, issuer, cert, NULL, NULL, 0);
    X509_EXTENSION *ext = X509V3_EXT_conf_nid(NULL, &ctx, nid, value);
    if (ext == NULL) return 0;
    int ok = X509_add_ext(cert, ext, -1);
    X509_EXTENSION_free(ext);
    return ok == 1;
}

int pp_x509_add_raw_extension(X509 *cert, const char *oid, int critical, const uint8_t *der,
                              size_t der_len) {
    if (der_len > INT32_MAX) return 0;
    ASN1_OBJECT *object = OBJ_txt2obj(oid, 1);
    ASN1_OCTET_STRING *octets = ASN1_OCTET_STRING_new();
    X509_EXTENSION *ext = NULL;
    int ok = 0;
    if (object == NULL || octets == NULL) goto done;
    if (!ASN1_OCTET_STRING_set(octets, der, (int)der_len)) goto done;
    ext = X509_EXTENSION_create_by_OBJ(NULL, object, critical ? 1 : 0, octets);
    if (ext == NULL) goto done;
    ok = X509_add_ext(cert, ext, -1) == 1;
done:
    X509_EXTENSION_free(ext);
    ASN1_OCTET_STRING_free(octets);
    ASN1_OBJECT_free(object);
    return ok;
}

int pp_asn1_time_to_unix(const ASN1_TIME *time, int64_t *out) {
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    if (ASN1_TIME_to_tm(time, &tm) != 1) return 0;
    /* OPENSSL_tm_to_posix is 3.2+; timegm is in glibc and the BSDs. */
    *out = (int64_t)timegm(&tm);
    return 1;
}

int pp_asn1_time_set_unix(ASN1_TIME *time, int64_t seconds) {
    return ASN1_TIME_set(time, (time_t)seconds) != NULL;
}
