#include "pp_mhd_daemon.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct pp_mhd_server {
    struct MHD_Daemon *daemon;
    pp_mhd_log_fn log;
    void *log_cls;
    MHD_socket quiesced_socket;
};

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
    options[n++] =
        (struct MHD_OptionItem){MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)config->completed, config->completed_cls};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t)pp_mhd_keep_escapes, NULL};
    if (tls) {
        options[n++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)config->tls_key_pem};
        options[n++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)config->tls_cert_pem};
    }
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};

    server->daemon = MHD_start_daemon(flags, 0, NULL, NULL, config->access_handler, config->access_handler_cls,
                                      MHD_OPTION_ARRAY, options, MHD_OPTION_END);
    if (server->daemon == NULL) {
        free(server);
        *error = PP_MHD_START_FAILED;
        return NULL;
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
    MHD_stop_daemon(server->daemon);
    if (server->quiesced_socket != MHD_INVALID_SOCKET) {
        close(server->quiesced_socket);
    }
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
