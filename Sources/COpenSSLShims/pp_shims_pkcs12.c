#include "pp_shims_pkcs12.h"

#include <limits.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>

EVP_PKEY *pp_pkcs12_private_key(const uint8_t *der, size_t der_len, const char *password) {
    if (der == NULL || der_len == 0 || der_len > INT_MAX || password == NULL) return NULL;
    const unsigned char *cursor = der;
    PKCS12 *p12 = d2i_PKCS12(NULL, &cursor, (long)der_len);
    if (p12 == NULL) return NULL;
    EVP_PKEY *key = NULL;
    X509 *certificate = NULL;
    STACK_OF(X509) *chain = NULL;
    /* PKCS12_parse verifies the MAC with the password before it decrypts. */
    if (PKCS12_parse(p12, password, &key, &certificate, &chain) != 1) key = NULL;
    X509_free(certificate);
    sk_X509_pop_free(chain, X509_free);
    PKCS12_free(p12);
    return key;
}
