import DriverCommands
import GitLayer
import GitProcess
import PlatformLayer
import SemanticDiff
/// The plain git pre-commit hook of `install --hooks`: before each commit,
/// `check --staged` and `fmt --check` on the staged catalogs. An existing
/// hook of someone else is never replaced.
struct PreCommitHook {
    /// How the hook runs git-xcstrings (a name on PATH or a quoted path).
    var executable: String

    /// The line that marks a hook as ours.
    static let marker = "# git-xcstrings pre-commit hook"

    /// Whether a hook is one this tool wrote: byte for byte the ``script``
    /// of some executable, or the script of an earlier version
    /// (``earlierScript``), which install then replaces. A hook that merely
    /// mentions ``marker`` (someone's own, or ours edited by hand) is
    /// someone else's, never replaced.
    static func isOurs(_ hook: [UInt8]) -> Bool {
        // Bytes that are not UTF-8 decode with replacements, and then differ from the scripts below.
        let text = String(decoding: hook, as: UTF8.self)
        for suffix in [" check --staged -- < \"$staged\" || exit 1", " check --staged -- < \"${TMPDIR:-/tmp}/git-xcstrings-staged.$$\" || exit 1"] {
            let prefix = "xargs -0 "
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }),
                  line.count > prefix.count + suffix.count else { continue }
            // What install writes: the name PATH finds, or an absolute path as a shell word.
            let executable = String(line.dropFirst(prefix.count).dropLast(suffix.count))
            var path = executable
            if executable.count > 2 && executable.hasPrefix("'") && executable.hasSuffix("'") {
                path = executable.dropFirst().dropLast().split(separator: "'\\''", omittingEmptySubsequences: false).joined(separator: "'")
            }
            guard executable == "git-xcstrings" || (path.hasPrefix("/") && RepositoryPath.shellQuoted(path) == executable) else { return false }
            let ours = PreCommitHook(executable: executable)
            return hook == Array(ours.script.utf8) || hook == Array(ours.earlierScript.utf8)
        }
        return false
    }

    /// The hook: the catalogs the commit changes, as staged, checked for what
    /// would ship broken (`check --staged`) and for Xcode's layout
    /// (`fmt --check --staged`). The list of them goes through a file made
    /// by `mktemp`, removed at the end.
    var script: String {
        """
        #!/bin/sh
        \(Self.marker) (git xcstrings install --hooks; git xcstrings
        # uninstall removes it). Checks the String Catalogs a commit changes, as
        # staged: what would ship broken (check --staged) and Xcode's layout
        # (fmt --check --staged). Skip it once with git commit --no-verify.
        staged=$(mktemp "${TMPDIR:-/tmp}/git-xcstrings-staged.XXXXXX") || exit 1
        trap 'rm -f "$staged"' EXIT
        git diff --cached --name-only --diff-filter=ACMR -z -- ':(icase)*.xcstrings' > "$staged" || exit 1
        [ -s "$staged" ] || exit 0
        xargs -0 \(executable) check --staged -- < "$staged" || exit 1
        if ! xargs -0 \(executable) fmt --check --staged -- < "$staged"; then
            echo "git-xcstrings: the staged catalogs above are not in Xcode's layout: run git xcstrings fmt on them, then git add them" >&2
            exit 1
        fi

        """
    }

    /// The hook earlier versions wrote (a list file at a name anyone could
    /// take, the layout checked in the work tree): recognised as ours, so
    /// that install replaces it and uninstall removes it.
    var earlierScript: String {
        """
        #!/bin/sh
        \(Self.marker) (git xcstrings install --hooks; git xcstrings
        # uninstall removes it). Checks the String Catalogs a commit changes: what
        # would ship broken (check --staged) and Xcode's layout (fmt --check).
        # Skip it once with git commit --no-verify.
        git diff --cached --name-only --diff-filter=ACMR -z -- '*.xcstrings' > "${TMPDIR:-/tmp}/git-xcstrings-staged.$$" || exit 1
        trap 'rm -f "${TMPDIR:-/tmp}/git-xcstrings-staged.$$"' EXIT
        [ -s "${TMPDIR:-/tmp}/git-xcstrings-staged.$$" ] || exit 0
        xargs -0 \(executable) check --staged -- < "${TMPDIR:-/tmp}/git-xcstrings-staged.$$" || exit 1
        if ! xargs -0 \(executable) fmt --check -- < "${TMPDIR:-/tmp}/git-xcstrings-staged.$$"; then
            echo "git-xcstrings: the catalogs above are not in Xcode's layout: run git xcstrings fmt on them, then git add them" >&2
            exit 1
        fi

        """
    }

    enum Outcome {
        case installed(String), unchanged(String), refused(String)
    }

    /// Writes the hook into `directory`, unless a hook that is not ours is there.
    func install(in directory: String) throws(FileError) -> Outcome {
        let path = directory + "pre-commit"
        if Files.exists(path) || Files.isSymbolicLink(path) {
            // A FIFO there would be waited on forever, a device read forever: neither is a hook to replace.
            let target = try AtomicFile.destination(path)
            let existing = (try? Files.read(target)) ?? []
            guard Self.isOurs(existing) else {
                return .refused("\(path) is another hook: left as it is. Add this line to it to run git-xcstrings too:\n"
                                + "    git diff --cached --name-only --diff-filter=ACMR -z -- ':(icase)*.xcstrings' | xargs -0 -r \(executable) check --staged -- || exit 1")
            }
            if existing == Array(script.utf8) { return .unchanged(path) }
        }
        try makeDirectories(forFile: path)
        try AtomicFile.write(Array(script.utf8), to: path)
        try makeExecutable(path)
        return .installed(path)
    }

    /// Removes the hook from `directory` if it is ours; nil when there was none of ours.
    static func uninstall(from directory: String) -> String? {
        let path = directory + "pre-commit"
        guard Files.isRegularFile(path), let existing = try? Files.read(path), isOurs(existing) else { return nil }
        return removeFile(path) ? path : nil
    }
}

