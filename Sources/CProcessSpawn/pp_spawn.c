#define _GNU_SOURCE
#include "CProcessSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

int pp_spawn_close_inherited(posix_spawn_file_actions_t *actions, posix_spawnattr_t *attributes, int lowest) {
#if defined(__APPLE__)
    (void)actions;
    (void)lowest;
    short flags = 0;
    int status = posix_spawnattr_getflags(attributes, &flags);
    if (status != 0) return status;
    return posix_spawnattr_setflags(attributes, flags | POSIX_SPAWN_CLOEXEC_DEFAULT);
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    (void)attributes;
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
#else
    (void)actions;
    (void)attributes;
    (void)lowest;
    return ENOSYS;
#endif
}

int pp_spawn_change_directory(posix_spawn_file_actions_t *actions, const char *directory) {
#if defined(__APPLE__)
    return posix_spawn_file_actions_addchdir_np(actions, directory);
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 29))
    return posix_spawn_file_actions_addchdir_np(actions, directory);
#else
    (void)actions;
    (void)directory;
    return ENOSYS;
#endif
}

int pp_pipe_cloexec(int descriptors[2]) {
#if defined(__linux__)
    return pipe2(descriptors, O_CLOEXEC);
#else
    if (pipe(descriptors) != 0) return -1;
    fcntl(descriptors[0], F_SETFD, FD_CLOEXEC);
    fcntl(descriptors[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}
