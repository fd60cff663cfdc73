#define _GNU_SOURCE
#include "GlibcExtensions.h"
#include <string.h>
#include <fcntl.h>
#ifdef __GLIBC__
#include <pthread.h>
#include <sched.h>
#include <spawn.h>
#include <unistd.h>
#endif

void *git_xcstrings_glibc_function(const char *name) {
#ifdef __GLIBC__
    if (strcmp(name, "pipe2") == 0) return (void *)pipe2;
    if (strcmp(name, "sched_getcpu") == 0) return (void *)sched_getcpu;
    if (strcmp(name, "sched_getaffinity") == 0) return (void *)sched_getaffinity;
    if (strcmp(name, "pthread_setaffinity_np") == 0) return (void *)pthread_setaffinity_np;
    if (strcmp(name, "pthread_attr_setaffinity_np") == 0) return (void *)pthread_attr_setaffinity_np;
#if __GLIBC_PREREQ(2, 34)
    if (strcmp(name, "posix_spawn_file_actions_addclosefrom_np") == 0) return (void *)posix_spawn_file_actions_addclosefrom_np;
#endif
#endif
    (void)name;
    return 0;
}

int git_xcstrings_pipe_capacity(int descriptor, int wanted) {
#if defined(__linux__) && defined(F_GETPIPE_SZ) && defined(F_SETPIPE_SZ)
    int capacity = fcntl(descriptor, F_GETPIPE_SZ);
    if (capacity < 0 || wanted <= capacity) return capacity;
    int widened = fcntl(descriptor, F_SETPIPE_SZ, wanted);
    return widened < 0 ? capacity : widened;
#else
    (void)descriptor;
    (void)wanted;
    return -1;
#endif
}
