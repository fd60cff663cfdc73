import PlatformLayer
import SemanticDiff
import CGit2
import CLineMerge

/// git's own line merge, libgit2's `git_merge_file`: the fallback for
/// inputs that are not valid JSON, so that the driver never leaves a user
/// worse off than git alone would. Where the build linked libgit2's xdiff
/// in (Sources/CLineMerge), the merge runs there, with the options
/// `git_merge_file` would give it, and libgit2's shared library is not
/// opened; elsewhere through `git_merge_file`.
public enum LineMerge {
    /// Whether the merge runs without opening libgit2 (its xdiff linked in).
    public static var isLinkedIn: Bool { git_xcstrings_line_merge_available() != 0 }

    /// How lines are matched: libgit2's default (Myers), patience, or a minimal diff.
    public enum Algorithm: Sendable, CaseIterable {
        case myers, patience, minimal
    }

    /// The line merge of three texts, with git's conflict markers; `clean`
    /// is false when the result holds conflicts. The texts are read in
    /// place, and the result is the merge's own memory: no copies (c0478,
    /// 330 KB in: 0.45 M instructions and 80 pages of fresh memory).
    public static func merge(base: Bytes, ours: Bytes, theirs: Bytes, path: String?,
                             markers: ConflictMarkers, algorithm: Algorithm = .myers) throws(GitError) -> (bytes: Bytes, clean: Bool) {
        if isLinkedIn { return try linkedIn(base: base, ours: ours, theirs: theirs, markers: markers, algorithm: algorithm) }
        return try throughLibGit2(base: base, ours: ours, theirs: theirs, path: path, markers: markers, algorithm: algorithm)
    }

    /// ``merge(base:ours:theirs:path:markers:algorithm:)`` by the xdiff linked in.
    static func linkedIn(base: Bytes, ours: Bytes, theirs: Bytes, markers: ConflictMarkers,
                         algorithm: Algorithm) throws(GitError) -> (bytes: Bytes, clean: Bool) {
        let style: git_xcstrings_conflict_style = switch markers.style {
        case .merge: GIT_XCSTRINGS_STYLE_MERGE
        case .diff3: GIT_XCSTRINGS_STYLE_DIFF3
        case .zdiff3: GIT_XCSTRINGS_STYLE_ZDIFF3
        }
        let matching: git_xcstrings_line_matching = switch algorithm {
        case .myers: GIT_XCSTRINGS_LINES_MYERS
        case .patience: GIT_XCSTRINGS_LINES_PATIENCE
        case .minimal: GIT_XCSTRINGS_LINES_MINIMAL
        }
        var merged: UnsafeMutablePointer<CChar>?
        var count = 0
        // The marker size as git_merge_file's options hold it (16 bits).
        let markerSize = Int32(UInt16(clamping: markers.size))
        let status: Int32 = base.withUnsafeBufferPointer { baseBytes in
            ours.withUnsafeBufferPointer { oursBytes in
                theirs.withUnsafeBufferPointer { theirsBytes in
                    func text(_ bytes: UnsafeBufferPointer<UInt8>) -> git_xcstrings_text {
                        git_xcstrings_text(bytes: UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self), count: bytes.count)
                    }
                    var texts = (text(baseBytes), text(oursBytes), text(theirsBytes))
                    return git_xcstrings_line_merge(&texts.0, &texts.1, &texts.2, markers.baseLabel, markers.oursLabel, markers.theirsLabel,
                                                    markerSize, style, matching, &merged, &count)
                }
            }
        }
        // In git_merge_file's words (its message, after the one `check` puts first).
        guard status >= 0 else {
            git_xcstrings_line_merge_free(merged)
            throw GitError("the line merge failed: failed to merge files")
        }
        let address = UInt(bitPattern: merged)
        let bytes = Bytes.borrowing(UnsafeRawBufferPointer(start: merged, count: count)) {
            git_xcstrings_line_merge_free(UnsafeMutablePointer(bitPattern: address))
        }
        return (bytes, status == 0)
    }

    /// ``merge(base:ours:theirs:path:markers:algorithm:)`` by libgit2's shared library.
    static func throughLibGit2(base: Bytes, ours: Bytes, theirs: Bytes, path: String?,
                               markers: ConflictMarkers, algorithm: Algorithm) throws(GitError) -> (bytes: Bytes, clean: Bool) {
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
        let status: Int32 = base.withUnsafeBufferPointer { baseBytes in
            ours.withUnsafeBufferPointer { oursBytes in
                theirs.withUnsafeBufferPointer { theirsBytes in
                    markers.baseLabel.withCString { baseLabel in
                        markers.oursLabel.withCString { oursLabel in
                            markers.theirsLabel.withCString { theirsLabel in
                                (path ?? "").withCString { pathText in
                                    options.ancestor_label = baseLabel
                                    options.our_label = oursLabel
                                    options.their_label = theirsLabel
                                    func input(_ bytes: UnsafeBufferPointer<UInt8>) -> git_merge_file_input {
                                        var value = git_merge_file_input()
                                        value.version = UInt32(GIT_MERGE_FILE_INPUT_VERSION)
                                        value.ptr = UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self)
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
        return (Bytes(bytes), result.automergeable != 0)
    }
}
