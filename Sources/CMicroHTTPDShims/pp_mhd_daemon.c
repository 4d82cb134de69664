#include "pp_mhd_daemon.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/// One open connection's read deadline (MHD's socket context).
typedef struct pp_mhd_watch {
    MHD_socket fd;
    /// 0 while no request is being read against a deadline.
    uint64_t deadline_ms;
    struct pp_mhd_watch *previous;
    struct pp_mhd_watch *next;
} pp_mhd_watch;

struct pp_mhd_server {
    struct MHD_Daemon *daemon;
    pp_mhd_log_fn log;
    void *log_cls;
    MHD_socket quiesced_socket;
    unsigned int request_read_timeout_ms;
    MHD_RequestCompletedCallback completed;
    void *completed_cls;
    /// Guards `watches`, and `cutter_stopping` with `cutter_wake`.
    pthread_mutex_t watch_lock;
    pp_mhd_watch *watches;
    /// The thread that cuts slow requests off (only with a read timeout): its
    /// own, so that a saturated Swift pool cannot postpone the cut.
    pthread_t cutter;
    int cutter_started;
    int cutter_stopping;
    pthread_cond_t cutter_wake;
};

uint64_t pp_mhd_monotonic_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000u + (uint64_t)now.tv_nsec / 1000000u;
}

// MHD_OPTION_NOTIFY_CONNECTION: registers each connection with its first
// deadline and unregisters it before libmicrohttpd closes its descriptor.
static void pp_mhd_connection_notify(void *cls, struct MHD_Connection *connection, void **socket_context,
                                     enum MHD_ConnectionNotificationCode code) {
    pp_mhd_server *server = (pp_mhd_server *)cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
        pp_mhd_watch *watch = calloc(1, sizeof *watch);
        if (watch == NULL || info == NULL) {
            free(watch);
            *socket_context = NULL;
            return;
        }
        watch->fd = info->connect_fd;
        watch->deadline_ms = pp_mhd_monotonic_ms() + server->request_read_timeout_ms;
        pthread_mutex_lock(&server->watch_lock);
        watch->next = server->watches;
        if (server->watches != NULL) {
            server->watches->previous = watch;
        }
        server->watches = watch;
        pthread_mutex_unlock(&server->watch_lock);
        *socket_context = watch;
    } else if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
        pp_mhd_watch *watch = (pp_mhd_watch *)*socket_context;
        if (watch == NULL) {
            return;
        }
        pthread_mutex_lock(&server->watch_lock);
        if (watch->previous != NULL) {
            watch->previous->next = watch->next;
        } else {
            server->watches = watch->next;
        }
        if (watch->next != NULL) {
            watch->next->previous = watch->previous;
        }
        pthread_mutex_unlock(&server->watch_lock);
        free(watch);
        *socket_context = NULL;
    }
}

static pp_mhd_watch *pp_mhd_watch_of(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : (pp_mhd_watch *)info->socket_context;
}

void pp_mhd_request_received(struct MHD_Connection *connection) {
    // Called on the connection's polling thread, which also runs its
    // NOTIFY_CLOSED: the watch cannot be freed meanwhile. The sweeper reads
    // the deadline atomically.
    pp_mhd_watch *watch = pp_mhd_watch_of(connection);
    if (watch != NULL) {
        __atomic_store_n(&watch->deadline_ms, 0, __ATOMIC_RELEASE);
    }
}

// MHD_OPTION_NOTIFY_COMPLETED: the next request on a kept-alive connection
// gets a fresh deadline, then the Swift side's callback runs.
static void pp_mhd_request_completed(void *cls, struct MHD_Connection *connection, void **request_context,
                                     enum MHD_RequestTerminationCode code) {
    pp_mhd_server *server = (pp_mhd_server *)cls;
    if (server->request_read_timeout_ms > 0) {
        pp_mhd_watch *watch = pp_mhd_watch_of(connection);
        if (watch != NULL) {
            __atomic_store_n(&watch->deadline_ms, pp_mhd_monotonic_ms() + server->request_read_timeout_ms,
                             __ATOMIC_RELEASE);
        }
    }
    if (server->completed != NULL) {
        server->completed(server->completed_cls, connection, request_context, code);
    }
}

unsigned int pp_mhd_cut_slow_requests(pp_mhd_server *server, uint64_t now_ms) {
    unsigned int cut = 0;
    if (server == NULL || server->request_read_timeout_ms == 0) {
        return 0;
    }
    pthread_mutex_lock(&server->watch_lock);
    for (pp_mhd_watch *watch = server->watches; watch != NULL; watch = watch->next) {
        uint64_t deadline = __atomic_load_n(&watch->deadline_ms, __ATOMIC_ACQUIRE);
        if (deadline != 0 && deadline <= now_ms) {
            // The descriptor stays open (and ours) until the connection is
            // unregistered under this lock; the polling thread sees EOF.
            shutdown(watch->fd, SHUT_RDWR);
            __atomic_store_n(&watch->deadline_ms, 0, __ATOMIC_RELEASE);
            cut++;
        }
    }
    pthread_mutex_unlock(&server->watch_lock);
    return cut;
}

// How often the cutter looks: a deadline is enforced within this much.
#define PP_MHD_CUT_INTERVAL_MS 250

static void *pp_mhd_cutter_main(void *argument) {
    pp_mhd_server *server = (pp_mhd_server *)argument;
    pthread_mutex_lock(&server->watch_lock);
    while (!server->cutter_stopping) {
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += PP_MHD_CUT_INTERVAL_MS * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec += 1;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&server->cutter_wake, &server->watch_lock, &until);
        if (server->cutter_stopping) {
            break;
        }
        pthread_mutex_unlock(&server->watch_lock);
        pp_mhd_cut_slow_requests(server, pp_mhd_monotonic_ms());
        pthread_mutex_lock(&server->watch_lock);
    }
    pthread_mutex_unlock(&server->watch_lock);
    return NULL;
}

static void pp_mhd_stop_cutter(pp_mhd_server *server) {
    if (!server->cutter_started) {
        return;
    }
    pthread_mutex_lock(&server->watch_lock);
    server->cutter_stopping = 1;
    pthread_cond_signal(&server->cutter_wake);
    pthread_mutex_unlock(&server->watch_lock);
    pthread_join(server->cutter, NULL);
    server->cutter_started = 0;
}

// MHD hands us printf-style arguments; format them here so the Swift side only
// ever sees a finished line. MHD's messages carry no request bodies.
static void pp_mhd_logger(void *cls, const char *format, va_list ap) {
    pp_mhd_server *server = (pp_mhd_server *)cls;
    if (server == NULL || server->log == NULL) {
        return;
    }
    char line[512];
    if (vsnprintf(line, sizeof line, format, ap) < 0) {
        return;
    }
    size_t length = strnlen(line, sizeof line);
    while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) {
        line[--length] = '\0';
    }
    server->log(server->log_cls, line);
}

size_t pp_mhd_keep_escapes(void *cls, struct MHD_Connection *connection, char *s) {
    (void)cls;
    (void)connection;
    return strlen(s);
}

int pp_mhd_tls_supported(void) {
    return MHD_is_feature_supported(MHD_FEATURE_TLS) == MHD_YES ? 1 : 0;
}

pp_mhd_server *pp_mhd_start(const pp_mhd_config *config, int *error) {
    *error = PP_MHD_START_OK;

    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    struct sockaddr *address = NULL;
    // poll(), not epoll: libmicrohttpd 0.9.75's MHD_quiesce_daemon removes the
    // listening socket from each pool thread's epoll set without tolerating
    // ENOENT, while that thread, seeing the quiesce flag, removes it too
    // (daemon.c:5531 against :4931 and :4965); whichever comes second aborts
    // the process with "Failed to remove listen FD from epoll set" — a
    // graceful shutdown under load could kill the server. With poll() a
    // quiesce only sets a flag that each thread reads when it builds its next
    // poll set, and there is no such race.
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_ALLOW_SUSPEND_RESUME
        | MHD_USE_ERROR_LOG;

    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (config->host != NULL && inet_pton(AF_INET, config->host, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(config->port);
        address = (struct sockaddr *)&v4;
    } else if (config->host != NULL && inet_pton(AF_INET6, config->host, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(config->port);
        address = (struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        *error = PP_MHD_START_BAD_HOST;
        return NULL;
    }

    int tls = config->tls_key_pem != NULL && config->tls_cert_pem != NULL;
    if (tls) {
        if (!pp_mhd_tls_supported()) {
            *error = PP_MHD_START_NO_TLS;
            return NULL;
        }
        flags |= MHD_USE_TLS;
    }

    pp_mhd_server *server = calloc(1, sizeof *server);
    if (server == NULL) {
        *error = PP_MHD_START_FAILED;
        return NULL;
    }
    server->log = config->log;
    server->log_cls = config->log_cls;
    server->quiesced_socket = MHD_INVALID_SOCKET;
    server->request_read_timeout_ms = config->request_read_timeout_ms;
    server->completed = config->completed;
    server->completed_cls = config->completed_cls;
    pthread_mutex_init(&server->watch_lock, NULL);
    pthread_condattr_t wake_attributes;
    pthread_condattr_init(&wake_attributes);
    pthread_condattr_setclock(&wake_attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&server->cutter_wake, &wake_attributes);
    pthread_condattr_destroy(&wake_attributes);

    struct MHD_OptionItem options[16];
    size_t n = 0;
    // The logger goes first so that start-up problems reach it too.
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)pp_mhd_logger, server};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, address};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT, (intptr_t)config->connection_limit, NULL};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)config->connection_timeout, NULL};
    options[n++] =
        (struct MHD_OptionItem){MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)config->connection_memory_limit, NULL};
    if (config->thread_pool_size > 1) {
        options[n++] = (struct MHD_OptionItem){MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)config->thread_pool_size, NULL};
    }
    if (config->per_ip_connection_limit > 0) {
        options[n++] = (struct MHD_OptionItem){
            MHD_OPTION_PER_IP_CONNECTION_LIMIT, (intptr_t)config->per_ip_connection_limit, NULL};
    }
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)pp_mhd_request_completed, server};
    if (config->request_read_timeout_ms > 0) {
        options[n++] =
            (struct MHD_OptionItem){MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)pp_mhd_connection_notify, server};
    }
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t)pp_mhd_keep_escapes, NULL};
    if (tls) {
        options[n++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)config->tls_key_pem};
        options[n++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)config->tls_cert_pem};
    }
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};

    server->daemon = MHD_start_daemon(flags, 0, NULL, NULL, config->access_handler, config->access_handler_cls,
                                      MHD_OPTION_ARRAY, options, MHD_OPTION_END);
    if (server->daemon == NULL) {
        pthread_cond_destroy(&server->cutter_wake);
        pthread_mutex_destroy(&server->watch_lock);
        free(server);
        *error = PP_MHD_START_FAILED;
        return NULL;
    }
    if (server->request_read_timeout_ms > 0) {
        server->cutter_started = pthread_create(&server->cutter, NULL, pp_mhd_cutter_main, server) == 0;
        if (!server->cutter_started) {
            pp_mhd_stop(server);
            *error = PP_MHD_START_FAILED;
            return NULL;
        }
    }
    return server;
}

struct MHD_Daemon *pp_mhd_daemon(pp_mhd_server *server) {
    return server->daemon;
}

int pp_mhd_uses_epoll(pp_mhd_server *server) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_EPOLL_FD);
    return info != NULL && info->epoll_fd >= 0 ? 1 : 0;
}

uint16_t pp_mhd_bound_port(pp_mhd_server *server) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

int pp_mhd_stop_listening(pp_mhd_server *server) {
    if (server->quiesced_socket != MHD_INVALID_SOCKET) {
        return 0;
    }
    MHD_socket socket = MHD_quiesce_daemon(server->daemon);
    if (socket == MHD_INVALID_SOCKET) {
        return -1;
    }
    // Closing now would race MHD's threads (see MHD_quiesce_daemon); shutdown()
    // keeps the descriptor valid but makes the kernel refuse new connections
    // instead of parking them in a backlog nobody accepts from.
    shutdown(socket, SHUT_RDWR);
    server->quiesced_socket = socket;
    return 0;
}

void pp_mhd_stop(pp_mhd_server *server) {
    if (server == NULL) {
        return;
    }
    pp_mhd_stop_cutter(server);
    MHD_stop_daemon(server->daemon);
    if (server->quiesced_socket != MHD_INVALID_SOCKET) {
        close(server->quiesced_socket);
    }
    pthread_cond_destroy(&server->cutter_wake);
    pthread_mutex_destroy(&server->watch_lock);
    free(server);
}

int pp_mhd_peer_address(struct MHD_Connection *connection, char *buffer, size_t length) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL || length == 0) {
        return -1;
    }
    const struct sockaddr *address = info->client_addr;
    const char *result = NULL;
    if (address->sa_family == AF_INET) {
        result = inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, buffer, (socklen_t)length);
    } else if (address->sa_family == AF_INET6) {
        result = inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, buffer, (socklen_t)length);
    }
    return result == NULL ? -1 : 0;
}
