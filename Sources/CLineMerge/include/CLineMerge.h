#ifndef GIT_XCSTRINGS_C_LINE_MERGE_H
#define GIT_XCSTRINGS_C_LINE_MERGE_H

#include <stddef.h>

/*
 * git's line merge run in this process: the xdiff of libgit2's static
 * library (libgit2.a), linked into the programs where the build found one
 * of a version whose interface this file knows (Package.swift). The merge
 * driver is then spared opening libgit2's shared library, with its TLS,
 * SSH and Kerberos libraries (5 ms, three times `git merge-file`'s whole
 * run), for the catalogs that are not valid JSON. Elsewhere the functions
 * answer "unavailable", and libgit2's `git_merge_file` merges.
 */

/* Whether the line merge is linked in (1) or not (0). */
int git_xcstrings_line_merge_available(void);

/* One version of the file. */
typedef struct {
    const char *bytes;
    size_t count;
} git_xcstrings_text;

/* The conflict hunks' layout, as git's merge.conflictStyle names them. */
typedef enum {
    GIT_XCSTRINGS_STYLE_MERGE = 0,
    GIT_XCSTRINGS_STYLE_DIFF3 = 1,
    GIT_XCSTRINGS_STYLE_ZDIFF3 = 2,
} git_xcstrings_conflict_style;

/* How lines are matched: Myers (libgit2's default), patience, or a minimal diff. */
typedef enum {
    GIT_XCSTRINGS_LINES_MYERS = 0,
    GIT_XCSTRINGS_LINES_PATIENCE = 1,
    GIT_XCSTRINGS_LINES_MINIMAL = 2,
} git_xcstrings_line_matching;

/*
 * What `git_merge_file` gives for the same texts and options (labels,
 * marker size, style, matching; favouring neither side): 0 when merged
 * cleanly, 1 with conflicts, -1 when the merge failed or is unavailable.
 * `*merged` is the result (free it with git_xcstrings_line_merge_free); it
 * is NULL, and the merge not clean, for texts libgit2 takes for binary
 * data (a NUL byte in the first 8,000 bytes, or over 1,023 MiB).
 */
int git_xcstrings_line_merge(const git_xcstrings_text *base, const git_xcstrings_text *ours,
                             const git_xcstrings_text *theirs, const char *base_label,
                             const char *ours_label, const char *theirs_label, int marker_size,
                             git_xcstrings_conflict_style style, git_xcstrings_line_matching matching,
                             char **merged, size_t *merged_count);

/* Frees a result of git_xcstrings_line_merge. */
void git_xcstrings_line_merge_free(char *merged);

#endif
