#ifndef PP_MHD_DAEMON_H
#define PP_MHD_DAEMON_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Receives one already formatted libmicrohttpd log line (no trailing newline).
typedef void (*pp_mhd_log_fn)(void *cls, const char *message);

/// Everything `pp_mhd_start` needs; built in Swift, turned into an
/// MHD_OPTION_ARRAY here because Swift cannot call the variadic MHD_start_daemon.
typedef struct pp_mhd_config {
    /// Numeric IPv4 or IPv6 address to bind (no host names).
    const char *host;
    uint16_t port;
    unsigned int connection_limit;
    /// Idle seconds before MHD closes a connection; 0 disables.
    unsigned int connection_timeout;
    unsigned int thread_pool_size;
    /// Per-connection memory pool: bounds the request line plus headers.
    size_t connection_memory_limit;
    /// 0 means no per-IP limit.
    unsigned int per_ip_connection_limit;
    /// Milliseconds a connection has to deliver one whole request (line,
    /// headers and body), counted from its opening or from the end of the
    /// previous response; 0 disables. Unlike `connection_timeout` this is not
    /// reset by activity, so a client trickling a byte at a time is cut off.
    /// Enforced by a thread of the shim's own, every 250 ms.
    unsigned int request_read_timeout_ms;
    /// Both NULL for plain HTTP; both PEM strings for HTTPS.
    const char *tls_key_pem;
    const char *tls_cert_pem;
    MHD_AccessHandlerCallback access_handler;
    void *access_handler_cls;
    MHD_RequestCompletedCallback completed;
    void *completed_cls;
    pp_mhd_log_fn log;
    void *log_cls;
} pp_mhd_config;

/// Why `pp_mhd_start` failed.
enum {
    PP_MHD_START_OK = 0,
    PP_MHD_START_BAD_HOST = 1,
    PP_MHD_START_NO_TLS = 2,
    PP_MHD_START_FAILED = 3
};

/// A running daemon plus what must live as long as it (the log target and the
/// listening socket handed back by quiesce).
typedef struct pp_mhd_server pp_mhd_server;

/// Starts a daemon: internal poll() thread pool, suspend/resume, error log
/// routed to `config->log`. Returns NULL and sets `*error` on failure. The PEM
/// strings are copied by MHD/GnuTLS during this call.
pp_mhd_server *pp_mhd_start(const pp_mhd_config *config, int *error);

/// The underlying daemon, for MHD calls made from Swift.
struct MHD_Daemon *pp_mhd_daemon(pp_mhd_server *server);

/// 1 when the daemon polls with epoll (it must not: see pp_mhd_start), else 0.
int pp_mhd_uses_epoll(pp_mhd_server *server);

/// The bound port (useful when the configured port was 0), or 0.
uint16_t pp_mhd_bound_port(pp_mhd_server *server);

/// Stops the daemon, closes a quiesced listening socket and frees `server`.
/// Every suspended connection must have been resumed before this call.
void pp_mhd_stop(pp_mhd_server *server);

/// 1 when this libmicrohttpd build supports HTTPS.
int pp_mhd_tls_supported(void);

/// Stops accepting: quiesces the daemon and shuts the listening socket down so
/// new connection attempts are refused instead of waiting in the backlog.
/// Idempotent; returns 0 when the daemon no longer accepts.
int pp_mhd_stop_listening(pp_mhd_server *server);

/// Marks the request on `connection` as fully received (its body included):
/// the read deadline no longer applies to it. Called by the access handler.
void pp_mhd_request_received(struct MHD_Connection *connection);

/// Shuts down (SHUT_RDWR) every connection whose request is not fully
/// received by its read deadline, so that its polling thread sees the end of
/// the stream and closes it; `now_ms` on CLOCK_MONOTONIC. Returns how many it
/// cut. Run by the shim's cutter thread; safe from any thread: a descriptor
/// is only touched while its connection is registered, and libmicrohttpd
/// closes it only after the connection is unregistered
/// (MHD_CONNECTION_NOTIFY_CLOSED comes first).
unsigned int pp_mhd_cut_slow_requests(pp_mhd_server *server, uint64_t now_ms);

/// CLOCK_MONOTONIC in milliseconds.
uint64_t pp_mhd_monotonic_ms(void);

/// Writes the peer's numeric address into `buffer`; returns 0 on success.
int pp_mhd_peer_address(struct MHD_Connection *connection, char *buffer, size_t length);

/// An unescape callback that leaves percent-escapes in place, so the router
/// can split the path on real '/' before decoding each segment.
size_t pp_mhd_keep_escapes(void *cls, struct MHD_Connection *connection, char *s);

#endif
