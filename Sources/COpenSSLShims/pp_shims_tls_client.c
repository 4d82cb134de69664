#include "pp_shims_tls_client.h"

#include <errno.h>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

struct pp_tls_client {
    SSL_CTX *ctx;
    SSL *ssl;
};

static int pp_tls_add_anchors(SSL_CTX *ctx, const char *pem, size_t len) {
    X509_STORE *store = SSL_CTX_get_cert_store(ctx);
    BIO *bio = BIO_new_mem_buf(pem, (int)len);
    if (store == NULL || bio == NULL) {
        BIO_free(bio);
        return 0;
    }
    int added = 0;
    X509 *cert;
    while ((cert = PEM_read_bio_X509(bio, NULL, NULL, NULL)) != NULL) {
        if (X509_STORE_add_cert(store, cert) == 1) added++;
        X509_free(cert);
    }
    /* The loop ends on PEM's "no start line" after the last certificate. */
    ERR_clear_error();
    BIO_free(bio);
    return added > 0;
}

/* A blocking socket whose SO_RCVTIMEO/SO_SNDTIMEO expired reports EAGAIN. */
static int pp_tls_timed_out(SSL *ssl, int result) {
    int error = SSL_get_error(ssl, result);
    return error == SSL_ERROR_WANT_READ || error == SSL_ERROR_WANT_WRITE ||
           (error == SSL_ERROR_SYSCALL && (errno == EAGAIN || errno == EWOULDBLOCK));
}

pp_tls_client *pp_tls_client_connect(int fd, const char *anchors_pem, size_t anchors_len, const char *host,
                                     int host_is_ip, int check_name, pp_tls_client_status *status,
                                     long *verify_result) {
    *status = PP_TLS_CLIENT_SETUP_FAILED;
    *verify_result = X509_V_OK;
    pp_tls_client *client = OPENSSL_zalloc(sizeof(pp_tls_client));
    if (client == NULL) return NULL;
    client->ctx = SSL_CTX_new(TLS_client_method());
    if (client->ctx == NULL) goto fail;
    SSL_CTX_set_min_proto_version(client->ctx, TLS1_2_VERSION);
    /* Bodies are framed by Content-Length or chunking; a peer that closes
       without close_notify is then an end of stream, not an error. */
    SSL_CTX_set_options(client->ctx, SSL_OP_IGNORE_UNEXPECTED_EOF);
    SSL_CTX_set_verify(client->ctx, SSL_VERIFY_PEER, NULL);
    if (anchors_pem != NULL) {
        if (!pp_tls_add_anchors(client->ctx, anchors_pem, anchors_len)) goto fail;
    } else if (SSL_CTX_set_default_verify_paths(client->ctx) != 1) {
        goto fail;
    }
    client->ssl = SSL_new(client->ctx);
    if (client->ssl == NULL || SSL_set_fd(client->ssl, fd) != 1) goto fail;
    if (host != NULL && !host_is_ip && SSL_set_tlsext_host_name(client->ssl, host) != 1) goto fail;
    if (check_name && host != NULL) {
        int named = host_is_ip ? X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(client->ssl), host)
                               : SSL_set1_host(client->ssl, host);
        if (named != 1) goto fail;
    }
    int result = SSL_connect(client->ssl);
    if (result != 1) {
        long verified = SSL_get_verify_result(client->ssl);
        if (verified != X509_V_OK) {
            *status = PP_TLS_CLIENT_UNTRUSTED;
            *verify_result = verified;
        } else if (pp_tls_timed_out(client->ssl, result)) {
            *status = PP_TLS_CLIENT_TIMED_OUT;
        } else {
            *status = PP_TLS_CLIENT_HANDSHAKE_FAILED;
        }
        goto fail;
    }
    *status = PP_TLS_CLIENT_OK;
    return client;
fail:
    ERR_clear_error();
    SSL_free(client->ssl);
    SSL_CTX_free(client->ctx);
    OPENSSL_free(client);
    return NULL;
}

long pp_tls_client_read(pp_tls_client *client, void *buffer, size_t len) {
    size_t read = 0;
    int result = SSL_read_ex(client->ssl, buffer, len, &read);
    if (result == 1) return (long)read;
    int error = SSL_get_error(client->ssl, result);
    if (error == SSL_ERROR_ZERO_RETURN) return 0;
    long outcome = pp_tls_timed_out(client->ssl, result) ? -2 : -1;
    ERR_clear_error();
    return outcome;
}

long pp_tls_client_write(pp_tls_client *client, const void *buffer, size_t len) {
    size_t written = 0;
    int result = SSL_write_ex(client->ssl, buffer, len, &written);
    if (result == 1) return (long)written;
    long outcome = pp_tls_timed_out(client->ssl, result) ? -2 : -1;
    ERR_clear_error();
    return outcome;
}

void pp_tls_client_free(pp_tls_client *client) {
    if (client == NULL) return;
    SSL_shutdown(client->ssl);
    ERR_clear_error();
    SSL_free(client->ssl);
    SSL_CTX_free(client->ctx);
    OPENSSL_free(client);
}
