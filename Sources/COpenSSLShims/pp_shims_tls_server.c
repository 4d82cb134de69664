#include "pp_shims_tls_server.h"

#include <errno.h>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

struct pp_tls_server_context {
    SSL_CTX *ctx;
};

struct pp_tls_server_session {
    SSL *ssl;
};

pp_tls_server_context *pp_tls_server_context_new(const char *chain_pem, size_t chain_length, const char *key_pem,
                                                 size_t key_length) {
    pp_tls_server_context *context = OPENSSL_zalloc(sizeof(pp_tls_server_context));
    BIO *chain = NULL;
    BIO *key_bio = NULL;
    X509 *leaf = NULL;
    X509 *next = NULL;
    EVP_PKEY *key = NULL;
    if (context == NULL) goto fail;
    context->ctx = SSL_CTX_new(TLS_server_method());
    if (context->ctx == NULL) goto fail;
    SSL_CTX_set_min_proto_version(context->ctx, TLS1_2_VERSION);
    /* Non-blocking writes of a buffer that Swift may move between retries. */
    SSL_CTX_set_mode(context->ctx, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    /* A client that closes without close_notify ends its stream; HTTP frames bodies itself. */
    SSL_CTX_set_options(context->ctx, SSL_OP_IGNORE_UNEXPECTED_EOF | SSL_OP_NO_RENEGOTIATION);
    chain = BIO_new_mem_buf(chain_pem, (int)chain_length);
    key_bio = BIO_new_mem_buf(key_pem, (int)key_length);
    if (chain == NULL || key_bio == NULL) goto fail;
    leaf = PEM_read_bio_X509(chain, NULL, NULL, NULL);
    if (leaf == NULL || SSL_CTX_use_certificate(context->ctx, leaf) != 1) goto fail;
    while ((next = PEM_read_bio_X509(chain, NULL, NULL, NULL)) != NULL) {
        /* add0: the context owns the certificate from here on. */
        if (SSL_CTX_add0_chain_cert(context->ctx, next) != 1) {
            X509_free(next);
            goto fail;
        }
    }
    key = PEM_read_bio_PrivateKey(key_bio, NULL, NULL, NULL);
    if (key == NULL || SSL_CTX_use_PrivateKey(context->ctx, key) != 1) goto fail;
    if (SSL_CTX_check_private_key(context->ctx) != 1) goto fail;
    X509_free(leaf);
    EVP_PKEY_free(key);
    BIO_free(chain);
    BIO_free(key_bio);
    /* The chain loop ends on PEM's "no start line" after the last certificate. */
    ERR_clear_error();
    return context;
fail:
    X509_free(leaf);
    EVP_PKEY_free(key);
    BIO_free(chain);
    BIO_free(key_bio);
    pp_tls_server_context_free(context);
    ERR_clear_error();
    return NULL;
}

void pp_tls_server_context_free(pp_tls_server_context *context) {
    if (context == NULL) return;
    SSL_CTX_free(context->ctx);
    OPENSSL_free(context);
}

pp_tls_server_session *pp_tls_server_session_new(pp_tls_server_context *context, int fd) {
    pp_tls_server_session *session = OPENSSL_zalloc(sizeof(pp_tls_server_session));
    if (session == NULL) return NULL;
    session->ssl = SSL_new(context->ctx);
    if (session->ssl == NULL || SSL_set_fd(session->ssl, fd) != 1) {
        SSL_free(session->ssl);
        OPENSSL_free(session);
        ERR_clear_error();
        return NULL;
    }
    SSL_set_accept_state(session->ssl);
    return session;
}

static long pp_tls_server_outcome(SSL *ssl, int result) {
    int error = SSL_get_error(ssl, result);
    long outcome;
    switch (error) {
    case SSL_ERROR_WANT_READ:
        outcome = PP_TLS_SERVER_WANTS_READ;
        break;
    case SSL_ERROR_WANT_WRITE:
        outcome = PP_TLS_SERVER_WANTS_WRITE;
        break;
    case SSL_ERROR_ZERO_RETURN:
        outcome = PP_TLS_SERVER_CLOSED;
        break;
    case SSL_ERROR_SYSCALL:
        outcome = (errno == EAGAIN || errno == EWOULDBLOCK) ? PP_TLS_SERVER_WANTS_READ : PP_TLS_SERVER_FAILED;
        break;
    default:
        outcome = PP_TLS_SERVER_FAILED;
    }
    /* Errors stay per call: the queue is thread-local and would leak into the next. */
    ERR_clear_error();
    return outcome;
}

long pp_tls_server_read(pp_tls_server_session *session, void *buffer, size_t length) {
    size_t read = 0;
    int result = SSL_read_ex(session->ssl, buffer, length, &read);
    if (result == 1) return (long)read;
    return pp_tls_server_outcome(session->ssl, result);
}

long pp_tls_server_write(pp_tls_server_session *session, const void *buffer, size_t length) {
    size_t written = 0;
    int result = SSL_write_ex(session->ssl, buffer, length, &written);
    if (result == 1) return (long)written;
    return pp_tls_server_outcome(session->ssl, result);
}

void pp_tls_server_session_free(pp_tls_server_session *session) {
    if (session == NULL) return;
    /* One close_notify, not waiting for the peer's: the socket is closed next. */
    if (SSL_is_init_finished(session->ssl)) SSL_shutdown(session->ssl);
    ERR_clear_error();
    SSL_free(session->ssl);
    OPENSSL_free(session);
}
