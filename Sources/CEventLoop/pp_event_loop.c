#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "pp_event_loop.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/epoll.h>
#include <sys/eventfd.h>
#else
#include <sys/event.h>
#include <sys/time.h>
#endif

// MARK: The event queue

#if defined(__linux__)

int pp_loop_create(void) {
    return epoll_create1(EPOLL_CLOEXEC);
}

int pp_loop_watch(int loop, int fd, uint64_t token) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET;
    event.data.u64 = token;
    return epoll_ctl(loop, EPOLL_CTL_ADD, fd, &event);
}

int pp_loop_watch_readable(int loop, int fd, uint64_t token) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = EPOLLIN;
    event.data.u64 = token;
    return epoll_ctl(loop, EPOLL_CTL_ADD, fd, &event);
}

int pp_loop_unwatch(int loop, int fd) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    return epoll_ctl(loop, EPOLL_CTL_DEL, fd, &event);
}

int pp_loop_wait(int loop, uint64_t *tokens, uint32_t *events, int capacity, int timeout_ms) {
    struct epoll_event ready[256];
    if (capacity > 256) capacity = 256;
    int count = epoll_wait(loop, ready, capacity, timeout_ms);
    if (count < 0) return errno == EINTR ? 0 : -1;
    for (int i = 0; i < count; i++) {
        uint32_t bits = 0;
        if (ready[i].events & (EPOLLIN | EPOLLPRI)) bits |= PP_EVENT_READABLE;
        if (ready[i].events & EPOLLOUT) bits |= PP_EVENT_WRITABLE;
        if (ready[i].events & (EPOLLHUP | EPOLLRDHUP | EPOLLERR)) bits |= PP_EVENT_HANGUP;
        tokens[i] = ready[i].data.u64;
        events[i] = bits;
    }
    return count;
}

#else

int pp_loop_create(void) {
    int loop = kqueue();
    if (loop >= 0) fcntl(loop, F_SETFD, FD_CLOEXEC);
    return loop;
}

int pp_loop_watch(int loop, int fd, uint64_t token) {
    struct kevent changes[2];
    EV_SET(&changes[0], fd, EVFILT_READ, EV_ADD | EV_CLEAR, 0, 0, (void *)(uintptr_t)token);
    EV_SET(&changes[1], fd, EVFILT_WRITE, EV_ADD | EV_CLEAR, 0, 0, (void *)(uintptr_t)token);
    return kevent(loop, changes, 2, NULL, 0, NULL) < 0 ? -1 : 0;
}

int pp_loop_watch_readable(int loop, int fd, uint64_t token) {
    struct kevent change;
    EV_SET(&change, fd, EVFILT_READ, EV_ADD, 0, 0, (void *)(uintptr_t)token);
    return kevent(loop, &change, 1, NULL, 0, NULL) < 0 ? -1 : 0;
}

int pp_loop_unwatch(int loop, int fd) {
    struct kevent changes[2];
    EV_SET(&changes[0], fd, EVFILT_READ, EV_DELETE, 0, 0, NULL);
    EV_SET(&changes[1], fd, EVFILT_WRITE, EV_DELETE, 0, 0, NULL);
    // One filter may be absent (a read-only watch): not an error here.
    kevent(loop, changes, 2, NULL, 0, NULL);
    return 0;
}

int pp_loop_wait(int loop, uint64_t *tokens, uint32_t *events, int capacity, int timeout_ms) {
    struct kevent ready[256];
    struct timespec timeout;
    if (capacity > 256) capacity = 256;
    if (timeout_ms >= 0) {
        timeout.tv_sec = timeout_ms / 1000;
        timeout.tv_nsec = (long)(timeout_ms % 1000) * 1000000L;
    }
    int count = kevent(loop, NULL, 0, ready, capacity, timeout_ms >= 0 ? &timeout : NULL);
    if (count < 0) return errno == EINTR ? 0 : -1;
    for (int i = 0; i < count; i++) {
        uint32_t bits = 0;
        if (ready[i].filter == EVFILT_READ) bits |= PP_EVENT_READABLE;
        if (ready[i].filter == EVFILT_WRITE) bits |= PP_EVENT_WRITABLE;
        if (ready[i].flags & (EV_EOF | EV_ERROR)) bits |= PP_EVENT_HANGUP;
        tokens[i] = (uint64_t)(uintptr_t)ready[i].udata;
        events[i] = bits;
    }
    return count;
}

#endif

// MARK: Wake-ups

static int pp_set_nonblocking_cloexec(int fd) {
    int flags = fcntl(fd, F_GETFL, 0);
    if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0) return -1;
    return fcntl(fd, F_SETFD, FD_CLOEXEC) < 0 ? -1 : 0;
}

int pp_wakeup_create(int *read_end, int *write_end) {
#if defined(__linux__)
    int fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    *read_end = fd;
    *write_end = fd;
    return fd < 0 ? -1 : 0;
#else
    int ends[2];
    if (pipe(ends) != 0) return -1;
    if (pp_set_nonblocking_cloexec(ends[0]) != 0 || pp_set_nonblocking_cloexec(ends[1]) != 0) {
        close(ends[0]);
        close(ends[1]);
        return -1;
    }
    *read_end = ends[0];
    *write_end = ends[1];
    return 0;
#endif
}

void pp_wakeup_signal(int write_end) {
#if defined(__linux__)
    uint64_t one = 1;
    // EAGAIN means the counter is already non-zero: the reader wakes anyway.
    while (write(write_end, &one, sizeof one) < 0 && errno == EINTR) {
    }
#else
    char one = 1;
    // EAGAIN means the pipe is full: the reader wakes anyway.
    while (write(write_end, &one, 1) < 0 && errno == EINTR) {
    }
#endif
}

void pp_wakeup_drain(int read_end) {
    char pending[64];
    for (;;) {
        ssize_t count = read(read_end, pending, sizeof pending);
        if (count > 0) continue;
        if (count < 0 && errno == EINTR) continue;
        break;
    }
}

void pp_wakeup_close(int read_end, int write_end) {
    if (read_end >= 0) close(read_end);
    if (write_end >= 0 && write_end != read_end) close(write_end);
}

// MARK: Sockets

int pp_listen(const char *host, uint16_t port, int backlog, int *status, int *error_number) {
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    struct sockaddr *address;
    socklen_t length;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    *status = PP_LISTEN_OK;
    *error_number = 0;
    if (host != NULL && inet_pton(AF_INET, host, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(port);
        address = (struct sockaddr *)&v4;
        length = sizeof v4;
    } else if (host != NULL && inet_pton(AF_INET6, host, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(port);
        address = (struct sockaddr *)&v6;
        length = sizeof v6;
    } else {
        *status = PP_LISTEN_BAD_HOST;
        return -1;
    }
    int fd = socket(address->sa_family, SOCK_STREAM, 0);
    if (fd < 0 || pp_set_nonblocking_cloexec(fd) != 0) {
        *status = PP_LISTEN_FAILED;
        *error_number = errno;
        if (fd >= 0) close(fd);
        return -1;
    }
    int on = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (address->sa_family == AF_INET6) {
        setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on);
    }
    if (bind(fd, address, length) != 0 || listen(fd, backlog) != 0) {
        *status = PP_LISTEN_FAILED;
        *error_number = errno;
        close(fd);
        return -1;
    }
    return fd;
}

uint16_t pp_bound_port(int fd) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(fd, (struct sockaddr *)&address, &length) != 0) return 0;
    if (address.ss_family == AF_INET) return ntohs(((struct sockaddr_in *)&address)->sin_port);
    if (address.ss_family == AF_INET6) return ntohs(((struct sockaddr_in6 *)&address)->sin6_port);
    return 0;
}

int pp_accept(int listening, char *peer, size_t peer_length) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    int fd;
    do {
#if defined(__linux__)
        fd = accept4(listening, (struct sockaddr *)&address, &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
#else
        fd = accept(listening, (struct sockaddr *)&address, &length);
#endif
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINVAL || errno == EBADF) return -1;
        if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) return -2;
        return -3;
    }
    int on = 1;
#if !defined(__linux__)
    if (pp_set_nonblocking_cloexec(fd) != 0) {
        close(fd);
        return -3;
    }
    // Darwin has no MSG_NOSIGNAL: a write to a closed peer fails with EPIPE instead.
    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#endif
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    if (peer_length > 0) {
        peer[0] = '\0';
        if (address.ss_family == AF_INET) {
            inet_ntop(AF_INET, &((struct sockaddr_in *)&address)->sin_addr, peer, (socklen_t)peer_length);
        } else if (address.ss_family == AF_INET6) {
            inet_ntop(AF_INET6, &((struct sockaddr_in6 *)&address)->sin6_addr, peer, (socklen_t)peer_length);
        }
    }
    return fd;
}

// MARK: Threads

uint64_t pp_current_thread(void) {
    return (uint64_t)(uintptr_t)pthread_self();
}

void pp_set_thread_name(const char *name) {
    char truncated[16];
    strncpy(truncated, name, sizeof truncated - 1);
    truncated[sizeof truncated - 1] = '\0';
#if defined(__APPLE__)
    pthread_setname_np(truncated);
#else
    pthread_setname_np(pthread_self(), truncated);
#endif
}
