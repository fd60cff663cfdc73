#include "CLineMerge.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#ifdef GIT_XCSTRINGS_STATIC_XDIFF

#include <git2/common.h>
#include <git2/sys/alloc.h>

/*
 * The part of libgit2 1.5's internal xdiff interface the merge uses
 * (src/libgit2/xdiff/xdiff.h there), declared here for its layout; Package.swift
 * links libgit2.a only when its headers say 1.5. libgit2 itself fills the
 * same structures in merge_file.c, from git_merge_file's options.
 */
typedef struct {
    char *ptr;
    long size;
} xdiff_file;

typedef struct {
    unsigned long flags;
    void **ignore_regex;
    size_t ignore_regex_count;
    char **anchors;
    size_t anchors_count;
} xdiff_diff_options;

typedef struct {
    xdiff_diff_options diff;
    int marker_size;
    int level;
    int favor;
    int style;
    const char *ancestor_label;
    const char *ours_label;
    const char *theirs_label;
} xdiff_merge_options;

enum {
    xdiff_need_minimal = 1 << 0,
    xdiff_patience = 1 << 14,
    xdiff_level_zealous = 2,  /* git_merge_file's level without GIT_MERGE_FILE_SIMPLIFY_ALNUM */
    xdiff_style_diff3 = 1,
    xdiff_style_zealous_diff3 = 2,
};

extern int xdl_merge(xdiff_file *base, xdiff_file *ours, xdiff_file *theirs,
                     const xdiff_merge_options *options, xdiff_file *result);

/*
 * xdiff allocates through libgit2's allocator, which git_libgit2_init
 * would set up along with everything else; here it is the C library's,
 * defined for the linker to find before the archive's own (whose object
 * would pull in libgit2's error and runtime state).
 */
static void *allocate(size_t count, const char *file, int line) {
    (void)file; (void)line;
    return malloc(count);
}
static void *allocate_zeroed(size_t count, size_t size, const char *file, int line) {
    (void)file; (void)line;
    return calloc(count, size);
}
static char *duplicate(const char *text, const char *file, int line) {
    (void)file; (void)line;
    return strdup(text);
}
static char *duplicate_up_to(const char *text, size_t count, const char *file, int line) {
    (void)file; (void)line;
    return strndup(text, count);
}
static char *duplicate_exactly(const char *text, size_t count, const char *file, int line) {
    (void)file; (void)line;
    char *copy = count < SIZE_MAX ? malloc(count + 1) : NULL;
    if (copy) {
        memcpy(copy, text, count);
        copy[count] = '\0';
    }
    return copy;
}
static void *reallocate(void *memory, size_t count, const char *file, int line) {
    (void)file; (void)line;
    return realloc(memory, count);
}
static void *reallocate_array(void *memory, size_t count, size_t size, const char *file, int line) {
    (void)file; (void)line;
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    return realloc(memory, count * size);
}
static void *allocate_array(size_t count, size_t size, const char *file, int line) {
    (void)file; (void)line;
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    return malloc(count * size);
}
static void release(void *memory) {
    free(memory);
}

git_allocator git__allocator = {
    .gmalloc = allocate,
    .gcalloc = allocate_zeroed,
    .gstrdup = duplicate,
    .gstrndup = duplicate_up_to,
    .gsubstrdup = duplicate_exactly,
    .grealloc = reallocate,
    .greallocarray = reallocate_array,
    .gmallocarray = allocate_array,
    .gfree = release,
};

/* What libgit2 takes for binary data, merged as nothing (merge_file.c's is_binary). */
static int looks_binary(const git_xcstrings_text *text) {
    if (text->count > 1024ull * 1024 * 1023) return 1;
    size_t head = text->count > 8000 ? 8000 : text->count;
    return head > 0 && memchr(text->bytes, 0, head) != NULL;
}

#endif

int git_xcstrings_line_merge_available(void) {
#ifdef GIT_XCSTRINGS_STATIC_XDIFF
    return 1;
#else
    return 0;
#endif
}

int git_xcstrings_line_merge(const git_xcstrings_text *base, const git_xcstrings_text *ours,
                             const git_xcstrings_text *theirs, const char *base_label,
                             const char *ours_label, const char *theirs_label, int marker_size,
                             git_xcstrings_conflict_style style, git_xcstrings_line_matching matching,
                             char **merged, size_t *merged_count) {
    *merged = NULL;
    *merged_count = 0;
#ifndef GIT_XCSTRINGS_STATIC_XDIFF
    (void)base; (void)ours; (void)theirs; (void)base_label; (void)ours_label; (void)theirs_label;
    (void)marker_size; (void)style; (void)matching;
    return -1;
#else
    if (looks_binary(base) || looks_binary(ours) || looks_binary(theirs)) return 1;
    if (base->count > LONG_MAX || ours->count > LONG_MAX || theirs->count > LONG_MAX) return -1;
    xdiff_file files[3] = {
        { (char *)base->bytes, (long)base->count },
        { (char *)ours->bytes, (long)ours->count },
        { (char *)theirs->bytes, (long)theirs->count },
    };
    xdiff_merge_options options;
    memset(&options, 0, sizeof options);
    options.ancestor_label = base_label;
    options.ours_label = ours_label;
    options.theirs_label = theirs_label;
    options.level = xdiff_level_zealous;
    options.marker_size = marker_size;
    if (style == GIT_XCSTRINGS_STYLE_DIFF3) options.style = xdiff_style_diff3;
    if (style == GIT_XCSTRINGS_STYLE_ZDIFF3) options.style = xdiff_style_zealous_diff3;
    if (matching == GIT_XCSTRINGS_LINES_PATIENCE) options.diff.flags |= xdiff_patience;
    if (matching == GIT_XCSTRINGS_LINES_MINIMAL) options.diff.flags |= xdiff_need_minimal;
    xdiff_file result = { NULL, 0 };
    int status = xdl_merge(&files[0], &files[1], &files[2], &options, &result);
    if (status < 0) {
        free(result.ptr);
        return -1;
    }
    *merged = result.ptr;
    *merged_count = (size_t)result.size;
    return status == 0 ? 0 : 1;
#endif
}

void git_xcstrings_line_merge_free(char *merged) { free(merged); }
