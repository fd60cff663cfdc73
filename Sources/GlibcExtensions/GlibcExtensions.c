#define _GNU_SOURCE
#include "GlibcExtensions.h"
#include <string.h>
#ifdef __GLIBC__
#include <fcntl.h>
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
