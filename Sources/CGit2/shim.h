#ifndef GIT_XCSTRINGS_CGIT2_SHIM_H
#define GIT_XCSTRINGS_CGIT2_SHIM_H

#if __has_include(<git2.h>)
#include <git2.h>
#elif __has_include("/opt/homebrew/include/git2.h")
#include "/opt/homebrew/include/git2.h"
#elif __has_include("/usr/local/include/git2.h")
#include "/usr/local/include/git2.h"
#elif __has_include("/opt/local/include/git2.h")
#include "/opt/local/include/git2.h"
#else
#error "libgit2's headers are missing: apt-get install libgit2-dev (Debian, Ubuntu) or brew install libgit2 (macOS)"
#endif

/*
 * libgit2 is opened with dlopen the first time git-xcstrings needs it, not
 * linked: loading it and its TLS, SSH and Kerberos dependencies costs more
 * than a whole semantic merge of a typical catalog. These typedefs give Swift
 * the exact type of every function it looks up, taken from libgit2's own
 * declarations, so a lookup cannot disagree with the header it was built
 * against. `__typeof__` does not reference the symbol, so nothing is linked.
 */
#define XCS_GIT_FUNCTION(name) typedef __typeof__(name) *name##_fn;

XCS_GIT_FUNCTION(git_libgit2_init)
XCS_GIT_FUNCTION(git_libgit2_version)
XCS_GIT_FUNCTION(git_error_last)
XCS_GIT_FUNCTION(git_buf_dispose)

XCS_GIT_FUNCTION(git_repository_open_ext)
XCS_GIT_FUNCTION(git_repository_free)
XCS_GIT_FUNCTION(git_repository_workdir)
XCS_GIT_FUNCTION(git_repository_path)
XCS_GIT_FUNCTION(git_repository_commondir)
XCS_GIT_FUNCTION(git_repository_state)
XCS_GIT_FUNCTION(git_repository_config)
XCS_GIT_FUNCTION(git_repository_config_snapshot)
XCS_GIT_FUNCTION(git_repository_index)

XCS_GIT_FUNCTION(git_config_open_default)
XCS_GIT_FUNCTION(git_config_open_ondisk)
XCS_GIT_FUNCTION(git_config_open_level)
XCS_GIT_FUNCTION(git_config_snapshot)
XCS_GIT_FUNCTION(git_config_free)
XCS_GIT_FUNCTION(git_config_get_string_buf)
XCS_GIT_FUNCTION(git_config_set_string)
XCS_GIT_FUNCTION(git_config_delete_entry)
XCS_GIT_FUNCTION(git_config_find_global)
XCS_GIT_FUNCTION(git_config_find_xdg)

XCS_GIT_FUNCTION(git_merge_file)
XCS_GIT_FUNCTION(git_merge_file_result_free)
XCS_GIT_FUNCTION(git_merge_base)

XCS_GIT_FUNCTION(git_revparse_single)
XCS_GIT_FUNCTION(git_object_free)
XCS_GIT_FUNCTION(git_object_id)
XCS_GIT_FUNCTION(git_object_peel)
XCS_GIT_FUNCTION(git_oid_tostr_s)
XCS_GIT_FUNCTION(git_oid_fromstr)
XCS_GIT_FUNCTION(git_oid_is_zero)
XCS_GIT_FUNCTION(git_commit_lookup)
XCS_GIT_FUNCTION(git_commit_free)
XCS_GIT_FUNCTION(git_commit_summary)

XCS_GIT_FUNCTION(git_blob_lookup)
XCS_GIT_FUNCTION(git_blob_free)
XCS_GIT_FUNCTION(git_blob_rawcontent)
XCS_GIT_FUNCTION(git_blob_rawsize)

XCS_GIT_FUNCTION(git_diff_options_init)
XCS_GIT_FUNCTION(git_diff_find_options_init)
XCS_GIT_FUNCTION(git_diff_tree_to_tree)
XCS_GIT_FUNCTION(git_diff_tree_to_index)
XCS_GIT_FUNCTION(git_diff_index_to_workdir)
XCS_GIT_FUNCTION(git_diff_tree_to_workdir_with_index)
XCS_GIT_FUNCTION(git_diff_find_similar)
XCS_GIT_FUNCTION(git_diff_num_deltas)
XCS_GIT_FUNCTION(git_diff_get_delta)
XCS_GIT_FUNCTION(git_diff_free)

XCS_GIT_FUNCTION(git_filter_list_load)
XCS_GIT_FUNCTION(git_filter_list_apply_to_buffer)
XCS_GIT_FUNCTION(git_filter_list_free)

XCS_GIT_FUNCTION(git_index_free)
XCS_GIT_FUNCTION(git_index_write)
XCS_GIT_FUNCTION(git_index_read)
XCS_GIT_FUNCTION(git_index_path)
XCS_GIT_FUNCTION(git_index_conflict_iterator_new)
XCS_GIT_FUNCTION(git_index_conflict_next)
XCS_GIT_FUNCTION(git_index_conflict_iterator_free)
XCS_GIT_FUNCTION(git_index_add_bypath)
XCS_GIT_FUNCTION(git_index_add_from_buffer)
XCS_GIT_FUNCTION(git_attr_get)
XCS_GIT_FUNCTION(git_attr_value)
XCS_GIT_FUNCTION(git_index_entrycount)
XCS_GIT_FUNCTION(git_index_get_byindex)

#undef XCS_GIT_FUNCTION

/*
 * zlib, for reading git's objects without libgit2 (GitLayer/Objects): opened
 * with dlopen too, the first time an object is read, so that no other command
 * loads it. zlib.h comes with libgit2's headers (libgit2-dev depends on
 * zlib1g-dev; macOS has it in its SDK).
 */
#include <zlib.h>
typedef __typeof__(inflateInit2_) *xcs_inflateInit2_fn;
typedef __typeof__(inflate) *xcs_inflate_fn;
typedef __typeof__(inflateEnd) *xcs_inflateEnd_fn;

/*
 * libdeflate, where the machine has it (Debian's libdeflate0, which libtiff
 * depends on; Homebrew's libdeflate): it inflates a whole zlib stream about
 * three times as fast as zlib, and is opened with dlopen for large objects
 * only. Its header is not needed (nor installed with the library): these are
 * the types of the three functions used, as libdeflate.h declares them
 * (libdeflate_result is an int: 0 success, 1 bad data, 2 short output,
 * 3 insufficient space).
 */
struct libdeflate_decompressor;
typedef struct libdeflate_decompressor *(*xcs_libdeflate_alloc_decompressor_fn)(void);
typedef int (*xcs_libdeflate_zlib_decompress_ex_fn)(struct libdeflate_decompressor *decompressor,
    const void *in, size_t in_nbytes, void *out, size_t out_nbytes_avail,
    size_t *actual_in_nbytes_ret, size_t *actual_out_nbytes_ret);
typedef void (*xcs_libdeflate_free_decompressor_fn)(struct libdeflate_decompressor *decompressor);

/*
 * git_libgit2_opts is variadic, which Swift cannot call. This calls it, from
 * a pointer found with dlsym, with one int value.
 */
static inline int xcs_git_libgit2_opts_int(void *opts, int option, int value) {
    return ((int (*)(int, ...))opts)(option, value);
}

#endif
