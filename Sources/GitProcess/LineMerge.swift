import PlatformLayer
import SemanticDiff

/// git's own line merge (`git merge-file`): the fallback for inputs that
/// are not valid JSON, so that the driver never leaves a user worse off
/// than git alone would.
public enum LineMerge {
    /// The line merge of three texts with git's conflict markers, in
    /// `markers`' style, size and labels; `clean` is false when the result
    /// holds conflicts.
    public static func merge(base: Bytes, ours: Bytes, theirs: Bytes, markers: ConflictMarkers) throws(GitError) -> (bytes: Bytes, clean: Bool) {
        let files: [TemporaryFile]
        do {
            files = try [ours, base, theirs].map { bytes throws(FileError) in try TemporaryFile(bytes.withUnsafeBufferPointer { Array($0) }) }
        } catch {
            throw GitError("cannot write the versions for git merge-file: \(error)")
        }
        var arguments = ["merge-file", "-p", "-q", "--marker-size=\(markers.size)"]
        switch markers.style {
        case .merge: break
        case .diff3: arguments.append("--diff3")
        case .zdiff3: arguments.append("--zdiff3")
        }
        arguments += ["-L", markers.oursLabel, "-L", markers.baseLabel, "-L", markers.theirsLabel]
        arguments += files.map(\.path)
        guard let outcome = Git.run(arguments) else { throw GitError("git cannot be run for its line merge: is it installed and on PATH?") }
        // The number of conflicts (up to 127), or 255 when git could not merge.
        guard outcome.status >= 0 && outcome.status < 128 else { throw GitError("git merge-file: \(outcome.message)") }
        return (Bytes(outcome.output), outcome.status == 0)
    }
}
