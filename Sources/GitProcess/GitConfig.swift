import SemanticDiff

/// git's configuration, read and written by `git config`: every file git
/// reads (the system file of this git's build, includes, `includeIf`,
/// work-tree files) and every override (`git -c`, `GIT_CONFIG_COUNT`,
/// `GIT_CONFIG_GLOBAL`), as git itself applies them.
public enum GitConfig {
    /// Where a setting is written, as `git config --local` or `--global`.
    public enum Scope: Sendable {
        case local, global

        var option: String { self == .local ? "--local" : "--global" }
    }

    /// The value git uses for `name` (`merge.conflictStyle`); nil when it
    /// is not set, or git cannot be run.
    public static func value(_ name: String) -> String? {
        guard let outcome = Git.run(["config", "--get", name]), outcome.status == 0 else { return nil }
        return outcome.lines.first ?? ""
    }

    /// The settings whose names match `pattern` (a regular expression over
    /// the names as git prints them: section and key in lower case), by name.
    public static func values(matching pattern: String) throws(GitError) -> [String: String] {
        guard let outcome = Git.run(["config", "-z", "--get-regexp", pattern]) else {
            throw GitError("git cannot be run to read its configuration: is it installed and on PATH?")
        }
        // 1: nothing matches.
        if outcome.status == 1 { return [:] }
        guard outcome.status == 0 else { throw GitError(outcome.message) }
        var found: [String: String] = [:]
        // Each entry: the name, a line break and the value; a name alone for a bare `name` (true).
        for entry in outcome.output.split(separator: 0) {
            let parts = entry.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false)
            found[String(decoding: parts[0], as: UTF8.self)] = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : "true"
        }
        return found
    }

    /// The value of `name` in the file of `scope` alone; nil when unset there.
    public static func value(_ name: String, in scope: Scope) throws(GitError) -> String? {
        guard let outcome = Git.run(["config", scope.option, "--get", name]) else {
            throw GitError("git cannot be run to read its configuration: is it installed and on PATH?")
        }
        if outcome.status == 1 { return nil }
        guard outcome.status == 0 else { throw GitError(outcome.message) }
        return outcome.lines.first ?? ""
    }

    public static func set(_ name: String, _ value: String, in scope: Scope) throws(GitError) {
        _ = try Git.output(["config", scope.option, name, value])
    }

    /// Removes `name` from the file of `scope`; true if it was there.
    @discardableResult
    public static func unset(_ name: String, in scope: Scope) throws(GitError) -> Bool {
        guard let outcome = Git.run(["config", scope.option, "--unset-all", name]) else {
            throw GitError("git cannot be run to change its configuration: is it installed and on PATH?")
        }
        // 5: it was not set.
        if outcome.status == 5 { return false }
        guard outcome.status == 0 else { throw GitError(outcome.message) }
        return true
    }

    /// Removes the section `name` (`merge.xcstrings`) from the file of
    /// `scope` when nothing is left in it; true if it went.
    @discardableResult
    public static func removeSectionIfEmpty(_ name: String, in scope: Scope) -> Bool {
        let escaped = name.replacingDots
        guard let listed = Git.run(["config", scope.option, "--get-regexp", "^" + escaped + "\\."]), listed.status == 1 else { return false }
        return Git.run(["config", scope.option, "--remove-section", name])?.status == 0
    }
}

extension String {
    /// The name with its dots escaped for a regular expression.
    var replacingDots: String {
        split(separator: ".", omittingEmptySubsequences: false).joined(separator: "\\.")
    }
}

extension GitConfig {
    /// `merge.conflictStyle` as git would use it here: `merge` (the
    /// default), `diff3` or `zdiff3`, compared as git compares them (with
    /// case); anything else, which git refuses, as `merge`.
    public static func conflictStyle() -> ConflictMarkers.Style {
        value("merge.conflictStyle").flatMap(ConflictMarkers.Style.init(rawValue:)) ?? .merge
    }
}
