/* What Swift cannot reach of posix_spawn: glibc declares the two file actions
 * below only under _GNU_SOURCE, which the Glibc module map does not define. */
#ifndef C_PROCESS_SPAWN_H
#define C_PROCESS_SPAWN_H

#include <spawn.h>

/// Makes the child close every descriptor from `lowest` up, after the actions
/// added before it (the dup2 of its standard streams): on Linux
/// posix_spawn_file_actions_addclosefrom_np (glibc 2.34), on Apple platforms
/// POSIX_SPAWN_CLOEXEC_DEFAULT on `attributes`. Done in the child, so a
/// descriptor another thread opens meanwhile cannot slip through. 0 or an errno.
int pp_spawn_close_inherited(posix_spawn_file_actions_t *actions, posix_spawnattr_t *attributes, int lowest);

/// Makes the child change to `directory` before it runs the program. 0 or an errno.
int pp_spawn_change_directory(posix_spawn_file_actions_t *actions, const char *directory);

/// A pipe whose two ends are close-on-exec from the moment they exist (pipe2
/// with O_CLOEXEC; pipe and fcntl where pipe2 is missing). 0, or -1 and errno.
int pp_pipe_cloexec(int descriptors[2]);

#endif
