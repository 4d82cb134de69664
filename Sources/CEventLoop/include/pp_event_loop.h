#ifndef PP_EVENT_LOOP_H
#define PP_EVENT_LOOP_H

#include <stddef.h>
#include <stdint.h>

/// The system calls ProvisioningHTTP's server makes through C: an event
/// queue (epoll on Linux, whose `struct epoll_event` is packed on x86_64 so
/// Swift cannot be trusted with its layout; kqueue on Darwin), a wake-up
/// descriptor (eventfd; a pipe on Darwin), `fcntl` (variadic), and thread
/// names. Every descriptor made here is non-blocking and close-on-exec.

/// Readiness bits, as epoll reports them.
enum {
    PP_EVENT_READABLE = 1u << 0,
    PP_EVENT_WRITABLE = 1u << 1,
    /// The peer closed (or reset) the connection, or an error is pending.
    PP_EVENT_HANGUP = 1u << 2,
};

/// A new event queue, or -1.
int pp_loop_create(void);

/// Watches `fd` edge-triggered for reading, writing and hang-up; `token` comes
/// back with each of its events. 0 on success, -1 on failure.
int pp_loop_watch(int loop, int fd, uint64_t token);

/// Watches `fd` level-triggered for reading only (a wake-up descriptor).
/// 0 on success, -1 on failure.
int pp_loop_watch_readable(int loop, int fd, uint64_t token);

/// Stops watching `fd` (before it is closed). 0 on success, -1 on failure.
int pp_loop_unwatch(int loop, int fd);

/// Waits up to `timeout_ms` (-1: no limit) for events; writes up to `capacity`
/// of them into `tokens` and `events` (PP_EVENT_* bits). Returns how many, 0 on
/// timeout or interruption, -1 on failure.
int pp_loop_wait(int loop, uint64_t *tokens, uint32_t *events, int capacity, int timeout_ms);

/// A wake-up descriptor pair: `*read_end` becomes readable once
/// `*write_end` is signalled (one eventfd on Linux: both are the same
/// descriptor; a pipe on Darwin). 0 on success, -1 on failure.
int pp_wakeup_create(int *read_end, int *write_end);

/// Makes the read end readable.
void pp_wakeup_signal(int write_end);

/// Makes the read end not readable again (reads what is pending).
void pp_wakeup_drain(int read_end);

/// Closes both ends (once when they are the same descriptor).
void pp_wakeup_close(int read_end, int write_end);

/// Why pp_listen failed.
enum {
    PP_LISTEN_OK = 0,
    /// The host is not a numeric IPv4 or IPv6 address.
    PP_LISTEN_BAD_HOST = 1,
    /// socket, bind or listen failed (`*error_number` holds errno).
    PP_LISTEN_FAILED = 2,
};

/// A non-blocking listening TCP socket bound to the numeric `host` and `port`
/// (0 for an ephemeral one), with SO_REUSEADDR, or -1 with `*status` set.
int pp_listen(const char *host, uint16_t port, int backlog, int *status, int *error_number);

/// The port `fd` is bound to, or 0.
uint16_t pp_bound_port(int fd);

/// Accepts one connection as a non-blocking, close-on-exec socket with
/// TCP_NODELAY, writing the peer's numeric address into `peer`. Returns the
/// descriptor; -1 when none is waiting (or the socket no longer listens), -2
/// when the process or the system is out of descriptors or memory, -3 when
/// that one connection failed (aborted before it was accepted).
int pp_accept(int listening, char *peer, size_t peer_length);

/// An identifier of the calling thread, never 0.
uint64_t pp_current_thread(void);

/// Names the calling thread (at most 15 bytes are kept).
void pp_set_thread_name(const char *name);

#endif
