#ifndef PP_SHIMS_X509_H
#define PP_SHIMS_X509_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/x509.h>

/// sk_X509_* are macros; these wrap the few the Swift side needs.
/// A stack built with pp_x509_stack_push does not own its certificates
/// (free it with pp_x509_stack_free); a stack returned by OpenSSL's get1
/// functions does (free it with pp_x509_stack_free_all).
STACK_OF(X509) *pp_x509_stack_new(void);
int pp_x509_stack_push(STACK_OF(X509) *stack, X509 *cert);
int pp_x509_stack_count(const STACK_OF(X509) *stack);
X509 *pp_x509_stack_value(const STACK_OF(X509) *stack, int index);
void pp_x509_stack_free(STACK_OF(X509) *stack);
void pp_x509_stack_free_all(STACK_OF(X509) *stack);

/// ERR_GET_LIB / ERR_GET_REASON (inline functions or macros depending on version).
int pp_err_lib(unsigned long code);
int pp_err_reason(unsigned long code);
/// True when the last queued error is PEM's "no start line" (end of a PEM bundle).
int pp_err_last_is_pem_no_start_line(void);

/// Result of pp_x509_verify_chain.
typedef struct {
    /// X509_V_OK, an X509_V_ERR_* code, or -1 when verification could not run.
    int error;
    /// Position in the chain (0 = leaf) of the certificate that failed.
    int error_depth;
    /// On success, the verified path leaf → trust anchor (owned; free with
    /// pp_x509_stack_free_all). NULL on failure.
    STACK_OF(X509) *verified;
} pp_x509_verify_result;

/// Verifies `leaf` with `untrusted` as candidate intermediates against a store
/// holding only `roots` (no default paths), at `check_time`, with at most
/// `max_depth` intermediates. X509_STRICT and PARTIAL_CHAIN are off.
/// Unknown critical extensions are refused unless their dotted OID is in
/// `handled_oids` (the caller's policy checks them itself).
pp_x509_verify_result pp_x509_verify_chain(X509 *const *roots, size_t root_count, X509 *leaf,
                                           X509 *const *untrusted, size_t untrusted_count,
                                           int64_t check_time, int max_depth,
                                           const char *const *handled_oids, size_t handled_count);

/// Adds an extension written in OpenSSL's config syntax (e.g. "critical,CA:TRUE")
/// through X509V3_EXT_conf_nid, with `issuer` as the issuer certificate (the
/// certificate itself when self-signed). Returns 1 on success.
int pp_x509_add_conf_extension(X509 *cert, X509 *issuer, int nid, const char *value);

/// Adds an extension with a dotted OID and a raw DER value. Returns 1 on success.
int pp_x509_add_raw_extension(X509 *cert, const char *oid, int critical, const uint8_t *der,
                              size_t der_len);

/// Converts an ASN1_TIME to seconds since 1970 (UTC). Returns 1 on success.
int pp_asn1_time_to_unix(const ASN1_TIME *time, int64_t *out);

/// Sets an ASN1_TIME from seconds since 1970 (UTCTime before 2050, else GeneralizedTime).
int pp_asn1_time_set_unix(ASN1_TIME *time, int64_t seconds);

#endif
