#ifndef GIT_XCSTRINGS_GLIBC_EXTENSIONS_H
#define GIT_XCSTRINGS_GLIBC_EXTENSIONS_H

/// The address of one of glibc's functions that its headers declare only
/// for _GNU_SOURCE (`pipe2`, `posix_spawn_file_actions_addclosefrom_np`,
/// `sched_getcpu`, `sched_getaffinity`, `pthread_setaffinity_np`,
/// `pthread_attr_setaffinity_np`), or null where the C library the program
/// was built with lacks it (any other C library, or a glibc before 2.34 for
/// the close-from action).
///
/// Bound when the program is linked, not looked up with `dlsym`: in a
/// program linked whole (git-xcstrings-merge) `dlsym` finds nothing.
void *git_xcstrings_glibc_function(const char *name);

/// Makes the pipe `descriptor` is an end of hold at least `wanted` bytes
/// (Linux's `F_SETPIPE_SZ`; never smaller than it is); returns what it
/// holds then, or -1 where that cannot be known (not a pipe, another system).
int git_xcstrings_pipe_capacity(int descriptor, int wanted);

#endif
