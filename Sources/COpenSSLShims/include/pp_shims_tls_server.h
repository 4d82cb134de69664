#ifndef PP_SHIMS_TLS_SERVER_H
#define PP_SHIMS_TLS_SERVER_H

#include <stddef.h>

/// The server side of TLS for ProvisioningHTTP's server: one context per
/// listener, one session per accepted (non-blocking) connection. The mode and
/// protocol-version setters are macros; keeping the session in C leaves Swift
/// one opaque pointer per connection.
typedef struct pp_tls_server_context pp_tls_server_context;
typedef struct pp_tls_server_session pp_tls_server_session;

/// What pp_tls_server_read and pp_tls_server_write return besides a count.
enum {
    /// The peer closed the connection (close_notify, or EOF).
    PP_TLS_SERVER_CLOSED = 0,
    /// The protocol failed (handshake refused, bad record, reset).
    PP_TLS_SERVER_FAILED = -1,
    /// Call again once the socket is readable.
    PP_TLS_SERVER_WANTS_READ = -2,
    /// Call again once the socket is writable.
    PP_TLS_SERVER_WANTS_WRITE = -3,
};

/// A TLS 1.2+ server context from a PEM chain (leaf first, then
/// intermediates) and its PEM private key, or NULL when either does not parse
/// or the key does not match the leaf. OpenSSL's error queue is cleared.
pp_tls_server_context *pp_tls_server_context_new(const char *chain_pem, size_t chain_length, const char *key_pem,
                                                 size_t key_length);

void pp_tls_server_context_free(pp_tls_server_context *context);

/// A server session on the connected socket `fd` (which stays the caller's),
/// or NULL. The handshake happens within the first reads.
pp_tls_server_session *pp_tls_server_session_new(pp_tls_server_context *context, int fd);

/// Reads up to `length` decrypted bytes: a count > 0, or a PP_TLS_SERVER_* value.
long pp_tls_server_read(pp_tls_server_session *session, void *buffer, size_t length);

/// Writes up to `length` bytes (partial writes allowed; the buffer may move
/// between a retried call and the one that wanted to be retried): a count > 0,
/// or a PP_TLS_SERVER_* value.
long pp_tls_server_write(pp_tls_server_session *session, const void *buffer, size_t length);

/// Sends close_notify without waiting for the peer's (best effort) and frees
/// the session; NULL is ignored.
void pp_tls_server_session_free(pp_tls_server_session *session);

#endif
