#ifndef PP_SHIMS_TLS_CLIENT_H
#define PP_SHIMS_TLS_CLIENT_H

#include <stddef.h>

/// A TLS client session over a connected socket (HTTPServer's HTTP client).
/// SSL_set_tlsext_host_name and SSL_CTX_set_min_proto_version are macros, and
/// keeping the whole session in C leaves Swift one opaque pointer to carry.
typedef struct pp_tls_client pp_tls_client;

/// Why pp_tls_client_connect failed.
typedef enum {
    PP_TLS_CLIENT_OK = 0,
    /// The context could not be set up (no memory, unreadable anchors).
    PP_TLS_CLIENT_SETUP_FAILED = 1,
    /// The handshake failed (protocol error, peer closed).
    PP_TLS_CLIENT_HANDSHAKE_FAILED = 2,
    /// The peer's certificate did not verify; see `verify_result`.
    PP_TLS_CLIENT_UNTRUSTED = 3,
    /// The socket's receive or send timeout expired during the handshake.
    PP_TLS_CLIENT_TIMED_OUT = 4,
} pp_tls_client_status;

/// Performs a TLS 1.2+ handshake on the blocking socket `fd` (whose
/// SO_RCVTIMEO/SO_SNDTIMEO bound each wait) and verifies the peer.
///
/// `anchors_pem` (NULL for the system trust store) holds the PEM certificates
/// trusted as anchors. When `check_name` is non-zero the leaf must name `host`
/// (an IP address when `host_is_ip`, else a DNS name, also sent as SNI).
/// Returns NULL on failure with `*status` set (and `*verify_result` to the
/// X509_V_ERR_* code when untrusted). The socket stays owned by the caller.
pp_tls_client *pp_tls_client_connect(int fd, const char *anchors_pem, size_t anchors_len, const char *host,
                                     int host_is_ip, int check_name, pp_tls_client_status *status,
                                     long *verify_result);

/// Reads up to `len` bytes: > 0 bytes read, 0 at the end of the stream,
/// -1 on an error, -2 when the socket's receive timeout expired.
long pp_tls_client_read(pp_tls_client *client, void *buffer, size_t len);

/// Writes all `len` bytes: `len` on success, -1 on an error, -2 when the
/// socket's send timeout expired.
long pp_tls_client_write(pp_tls_client *client, const void *buffer, size_t len);

/// Sends close_notify (best effort) and frees the session; NULL is ignored.
void pp_tls_client_free(pp_tls_client *client);

#endif
