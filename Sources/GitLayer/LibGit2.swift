import PlatformLayer
import SemanticDiff
import CGit2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libgit2, opened with `dlopen` the first time something needs it, and
/// initialised once (`git_libgit2_init`; it is never shut down, the process
/// ends instead).
///
/// Linking libgit2 would load it, its TLS, SSH and Kerberos libraries, and
/// its CA certificates into every run: about 10 ms before `main`, more than
/// a whole merge of a typical catalog. A merge that needs no git (no conflict,
/// valid input) never opens it. Each function's type comes from libgit2's own
/// header through `shim.h`, so a lookup cannot disagree with its declaration.
final class LibGit2: @unchecked Sendable {
    /// The library, opened and initialised, or why it could not be.
    static func shared() throws(GitError) -> LibGit2 {
        try loaded.get()
    }

    private static let loaded: Result<LibGit2, GitError> = {
        do throws(GitError) {
            return .success(try LibGit2())
        } catch {
            return .failure(error)
        }
    }()

    /// The version of libgit2 this build was compiled against.
    static let headerVersion = "\(LIBGIT2_VER_MAJOR).\(LIBGIT2_VER_MINOR).\(LIBGIT2_VER_REVISION)"

    /// The version of the libgit2 that was opened.
    let version: String

    let libgit2_init: git_libgit2_init_fn
    let libgit2_version: git_libgit2_version_fn
    let error_last: git_error_last_fn
    let buf_dispose: git_buf_dispose_fn

    let repository_open_ext: git_repository_open_ext_fn
    let repository_free: git_repository_free_fn
    let repository_workdir: git_repository_workdir_fn
    let repository_path: git_repository_path_fn
    let repository_commondir: git_repository_commondir_fn
    let repository_state: git_repository_state_fn
    let repository_config: git_repository_config_fn
    let repository_config_snapshot: git_repository_config_snapshot_fn
    let repository_index: git_repository_index_fn

    let config_open_default: git_config_open_default_fn
    let config_open_ondisk: git_config_open_ondisk_fn
    let config_open_level: git_config_open_level_fn
    let config_snapshot: git_config_snapshot_fn
    let config_free: git_config_free_fn
    let config_get_string_buf: git_config_get_string_buf_fn
    let config_set_string: git_config_set_string_fn
    let config_delete_entry: git_config_delete_entry_fn
    let config_find_global: git_config_find_global_fn
    let config_find_xdg: git_config_find_xdg_fn

    let merge_file: git_merge_file_fn
    let merge_file_result_free: git_merge_file_result_free_fn
    let merge_base: git_merge_base_fn

    let revparse_single: git_revparse_single_fn
    let object_free: git_object_free_fn
    let object_id: git_object_id_fn
    let object_peel: git_object_peel_fn
    let oid_tostr_s: git_oid_tostr_s_fn
    let oid_fromstr: git_oid_fromstr_fn
    let oid_is_zero: git_oid_is_zero_fn
    let commit_lookup: git_commit_lookup_fn
    let commit_free: git_commit_free_fn
    let commit_summary: git_commit_summary_fn

    let blob_lookup: git_blob_lookup_fn
    let blob_free: git_blob_free_fn
    let blob_rawcontent: git_blob_rawcontent_fn
    let blob_rawsize: git_blob_rawsize_fn

    let diff_options_init: git_diff_options_init_fn
    let diff_find_options_init: git_diff_find_options_init_fn
    let filter_list_load: git_filter_list_load_fn
    let filter_list_apply_to_buffer: git_filter_list_apply_to_buffer_fn
    let filter_list_free: git_filter_list_free_fn
    let diff_tree_to_tree: git_diff_tree_to_tree_fn
    let diff_tree_to_index: git_diff_tree_to_index_fn
    let diff_index_to_workdir: git_diff_index_to_workdir_fn
    let diff_tree_to_workdir_with_index: git_diff_tree_to_workdir_with_index_fn
    let diff_find_similar: git_diff_find_similar_fn
    let diff_num_deltas: git_diff_num_deltas_fn
    let diff_get_delta: git_diff_get_delta_fn
    let diff_free: git_diff_free_fn

    let index_free: git_index_free_fn
    let index_write: git_index_write_fn
    let index_read: git_index_read_fn
    let index_path: git_index_path_fn
    let index_conflict_iterator_new: git_index_conflict_iterator_new_fn
    let index_conflict_next: git_index_conflict_next_fn
    let index_conflict_iterator_free: git_index_conflict_iterator_free_fn
    let index_add_bypath: git_index_add_bypath_fn
    let index_add_from_buffer: git_index_add_from_buffer_fn
    let attr_get: git_attr_get_fn
    let attr_value: git_attr_value_fn
    let index_entrycount: git_index_entrycount_fn
    let index_get_byindex: git_index_get_byindex_fn

    private init() throws(GitError) {
        let handle = try LibGit2.open()
        func load<T>(_ name: String, _ type: T.Type) throws(GitError) -> T {
            guard let address = dlsym(handle, name) else {
                throw GitError("libgit2 has no \(name): \(LibGit2.lastLoaderError())")
            }
            return unsafeBitCast(address, to: type)
        }
        libgit2_init = try load("git_libgit2_init", git_libgit2_init_fn.self)
        libgit2_version = try load("git_libgit2_version", git_libgit2_version_fn.self)
        error_last = try load("git_error_last", git_error_last_fn.self)
        buf_dispose = try load("git_buf_dispose", git_buf_dispose_fn.self)

        repository_open_ext = try load("git_repository_open_ext", git_repository_open_ext_fn.self)
        repository_free = try load("git_repository_free", git_repository_free_fn.self)
        repository_workdir = try load("git_repository_workdir", git_repository_workdir_fn.self)
        repository_path = try load("git_repository_path", git_repository_path_fn.self)
        repository_commondir = try load("git_repository_commondir", git_repository_commondir_fn.self)
        repository_state = try load("git_repository_state", git_repository_state_fn.self)
        repository_config = try load("git_repository_config", git_repository_config_fn.self)
        repository_config_snapshot = try load("git_repository_config_snapshot", git_repository_config_snapshot_fn.self)
        repository_index = try load("git_repository_index", git_repository_index_fn.self)

        config_open_default = try load("git_config_open_default", git_config_open_default_fn.self)
        config_open_ondisk = try load("git_config_open_ondisk", git_config_open_ondisk_fn.self)
        config_open_level = try load("git_config_open_level", git_config_open_level_fn.self)
        config_snapshot = try load("git_config_snapshot", git_config_snapshot_fn.self)
        config_free = try load("git_config_free", git_config_free_fn.self)
        config_get_string_buf = try load("git_config_get_string_buf", git_config_get_string_buf_fn.self)
        config_set_string = try load("git_config_set_string", git_config_set_string_fn.self)
        config_delete_entry = try load("git_config_delete_entry", git_config_delete_entry_fn.self)
        config_find_global = try load("git_config_find_global", git_config_find_global_fn.self)
        config_find_xdg = try load("git_config_find_xdg", git_config_find_xdg_fn.self)

        merge_file = try load("git_merge_file", git_merge_file_fn.self)
        merge_file_result_free = try load("git_merge_file_result_free", git_merge_file_result_free_fn.self)
        merge_base = try load("git_merge_base", git_merge_base_fn.self)

        revparse_single = try load("git_revparse_single", git_revparse_single_fn.self)
        object_free = try load("git_object_free", git_object_free_fn.self)
        object_id = try load("git_object_id", git_object_id_fn.self)
        object_peel = try load("git_object_peel", git_object_peel_fn.self)
        oid_tostr_s = try load("git_oid_tostr_s", git_oid_tostr_s_fn.self)
        oid_fromstr = try load("git_oid_fromstr", git_oid_fromstr_fn.self)
        oid_is_zero = try load("git_oid_is_zero", git_oid_is_zero_fn.self)
        commit_lookup = try load("git_commit_lookup", git_commit_lookup_fn.self)
        commit_free = try load("git_commit_free", git_commit_free_fn.self)
        commit_summary = try load("git_commit_summary", git_commit_summary_fn.self)

        blob_lookup = try load("git_blob_lookup", git_blob_lookup_fn.self)
        blob_free = try load("git_blob_free", git_blob_free_fn.self)
        blob_rawcontent = try load("git_blob_rawcontent", git_blob_rawcontent_fn.self)
        blob_rawsize = try load("git_blob_rawsize", git_blob_rawsize_fn.self)

        diff_options_init = try load("git_diff_options_init", git_diff_options_init_fn.self)
        diff_find_options_init = try load("git_diff_find_options_init", git_diff_find_options_init_fn.self)
        filter_list_load = try load("git_filter_list_load", git_filter_list_load_fn.self)
        filter_list_apply_to_buffer = try load("git_filter_list_apply_to_buffer", git_filter_list_apply_to_buffer_fn.self)
        filter_list_free = try load("git_filter_list_free", git_filter_list_free_fn.self)
        diff_tree_to_tree = try load("git_diff_tree_to_tree", git_diff_tree_to_tree_fn.self)
        diff_tree_to_index = try load("git_diff_tree_to_index", git_diff_tree_to_index_fn.self)
        diff_index_to_workdir = try load("git_diff_index_to_workdir", git_diff_index_to_workdir_fn.self)
        diff_tree_to_workdir_with_index = try load("git_diff_tree_to_workdir_with_index", git_diff_tree_to_workdir_with_index_fn.self)
        diff_find_similar = try load("git_diff_find_similar", git_diff_find_similar_fn.self)
        diff_num_deltas = try load("git_diff_num_deltas", git_diff_num_deltas_fn.self)
        diff_get_delta = try load("git_diff_get_delta", git_diff_get_delta_fn.self)
        diff_free = try load("git_diff_free", git_diff_free_fn.self)

        index_free = try load("git_index_free", git_index_free_fn.self)
        index_write = try load("git_index_write", git_index_write_fn.self)
        index_read = try load("git_index_read", git_index_read_fn.self)
        index_path = try load("git_index_path", git_index_path_fn.self)
        index_conflict_iterator_new = try load("git_index_conflict_iterator_new", git_index_conflict_iterator_new_fn.self)
        index_conflict_next = try load("git_index_conflict_next", git_index_conflict_next_fn.self)
        index_conflict_iterator_free = try load("git_index_conflict_iterator_free", git_index_conflict_iterator_free_fn.self)
        index_add_bypath = try load("git_index_add_bypath", git_index_add_bypath_fn.self)
        index_add_from_buffer = try load("git_index_add_from_buffer", git_index_add_from_buffer_fn.self)
        attr_get = try load("git_attr_get", git_attr_get_fn.self)
        attr_value = try load("git_attr_value", git_attr_value_fn.self)
        index_entrycount = try load("git_index_entrycount", git_index_entrycount_fn.self)
        index_get_byindex = try load("git_index_get_byindex", git_index_get_byindex_fn.self)

        var major: Int32 = 0, minor: Int32 = 0, revision: Int32 = 0
        _ = libgit2_version(&major, &minor, &revision)
        version = "\(major).\(minor).\(revision)"
        // Option structures change between minor versions: insist on the one we were built for.
        guard major == LIBGIT2_VER_MAJOR && minor == LIBGIT2_VER_MINOR else {
            throw GitError("libgit2 \(version) was found, but git-xcstrings was built against \(LibGit2.headerVersion); rebuild it")
        }
        guard libgit2_init() >= 0 else { throw GitError("libgit2 could not be initialised") }
        // Like git itself, trust the object store instead of hashing every object read again
        // (libgit2's collision-detecting SHA-1 would double the time to read a large catalog).
        if let options = dlsym(handle, "git_libgit2_opts") {
            _ = xcs_git_libgit2_opts_int(options, Int32(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION.rawValue), 0)
        }
    }

    /// Opens the shared library: `GIT_XCSTRINGS_LIBGIT2` if set, else the
    /// names the version this build expects is installed under.
    private static func open() throws(GitError) -> UnsafeMutableRawPointer {
        var candidates: [String] = []
        // An empty value is no override, as with git's own variables.
        let override = getenv("GIT_XCSTRINGS_LIBGIT2").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        if let override { candidates.append(override) }
        #if os(macOS)
        let versioned = "libgit2.\(LIBGIT2_VER_MAJOR).\(LIBGIT2_VER_MINOR).dylib"
        for directory in ["", "/opt/homebrew/lib/", "/usr/local/lib/", "/opt/local/lib/"] {
            candidates += [directory + versioned, directory + "libgit2.dylib"]
        }
        #else
        candidates += ["libgit2.so.\(LIBGIT2_VER_MAJOR).\(LIBGIT2_VER_MINOR)", "libgit2.so"]
        #endif
        for (index, candidate) in candidates.enumerated() {
            if let handle = dlopen(candidate, RTLD_LAZY | RTLD_LOCAL) { return handle }
            if index == 0, override != nil {
                GitLibrary.noteWarning("GIT_XCSTRINGS_LIBGIT2=\(candidate) cannot be opened (\(lastLoaderError())); using the installed libgit2")
            }
        }
        throw GitError("cannot open libgit2 (tried \(candidates.joined(separator: ", "))): \(lastLoaderError()); "
                       + "install it (apt-get install libgit2-dev, brew install libgit2) or set GIT_XCSTRINGS_LIBGIT2")
    }

    private static func lastLoaderError() -> String {
        guard let message = dlerror() else { return "unknown error" }
        return String(cString: message)
    }

    /// The message of libgit2's last error on this thread.
    func lastErrorMessage() -> String {
        guard let error = error_last(), let message = error.pointee.message else { return "unknown libgit2 error" }
        return String(cString: message)
    }

    /// Throws libgit2's last error when `status` is negative.
    @discardableResult
    func check(_ status: Int32, _ context: @autoclosure () -> String) throws(GitError) -> Int32 {
        guard status < 0 else { return status }
        throw GitError("\(context()): \(lastErrorMessage())")
    }
}
