#ifndef GIT_XCSTRINGS_CGIT2_SHIM_H
#define GIT_XCSTRINGS_CGIT2_SHIM_H

// libgit2, linked the ordinary way: pkg-config finds it (Debian and Ubuntu's
// libgit2-dev, Homebrew's and MacPorts' libgit2).
#include <git2.h>
#include <git2/sys/repository.h>

// git_libgit2_opts is variadic, which Swift cannot call: this calls it with one int value.
static inline int xcs_git_libgit2_opts_int(int option, int value) {
    return git_libgit2_opts(option, value);
}

#endif
