import PlatformLayer
import SemanticDiff
import CGit2

/// git's own line merge, through libgit2's `git_merge_file`: the fallback
/// for inputs that are not valid JSON, so that the driver never leaves a
/// user worse off than git alone would.
public enum LineMerge {
    /// How lines are matched: libgit2's default (Myers), patience, or a minimal diff.
    public enum Algorithm: Sendable, CaseIterable {
        case myers, patience, minimal
    }

    /// The line merge of three texts, with git's conflict markers; `clean`
    /// is false when the result holds conflicts.
    public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], path: String?,
                             markers: ConflictMarkers, algorithm: Algorithm = .myers) throws(GitError) -> (bytes: [UInt8], clean: Bool) {
        let git = try LibGit2.shared()
        var result = git_merge_file_result()
        var options = git_merge_file_options()
        options.version = UInt32(GIT_MERGE_FILE_OPTIONS_VERSION)
        options.marker_size = UInt16(clamping: markers.size)
        switch markers.style {
        case .merge: options.flags = GIT_MERGE_FILE_STYLE_MERGE.rawValue
        case .diff3: options.flags = GIT_MERGE_FILE_STYLE_DIFF3.rawValue
        case .zdiff3: options.flags = GIT_MERGE_FILE_STYLE_ZDIFF3.rawValue
        }
        switch algorithm {
        case .myers: break
        case .patience: options.flags |= GIT_MERGE_FILE_DIFF_PATIENCE.rawValue
        case .minimal: options.flags |= GIT_MERGE_FILE_DIFF_MINIMAL.rawValue
        }
        let status: Int32 = base.withUnsafeBytes { baseBytes in
            ours.withUnsafeBytes { oursBytes in
                theirs.withUnsafeBytes { theirsBytes in
                    markers.baseLabel.withCString { baseLabel in
                        markers.oursLabel.withCString { oursLabel in
                            markers.theirsLabel.withCString { theirsLabel in
                                (path ?? "").withCString { pathText in
                                    options.ancestor_label = baseLabel
                                    options.our_label = oursLabel
                                    options.their_label = theirsLabel
                                    func input(_ bytes: UnsafeRawBufferPointer) -> git_merge_file_input {
                                        var value = git_merge_file_input()
                                        value.version = UInt32(GIT_MERGE_FILE_INPUT_VERSION)
                                        value.ptr = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                                        value.size = bytes.count
                                        value.path = path == nil ? nil : pathText
                                        value.mode = 0o100644
                                        return value
                                    }
                                    var baseInput = input(baseBytes), oursInput = input(oursBytes), theirsInput = input(theirsBytes)
                                    return git.merge_file(&result, &baseInput, &oursInput, &theirsInput, &options)
                                }
                            }
                        }
                    }
                }
            }
        }
        try git.check(status, "the line merge failed")
        defer { git.merge_file_result_free(&result) }
        let bytes = result.ptr.map { Array(UnsafeRawBufferPointer(start: $0, count: result.len).bindMemory(to: UInt8.self)) } ?? []
        return (bytes, result.automergeable != 0)
    }
}
