import Foundation

/// Whole-process timing of `git xcstrings diff OLD NEW` against
/// `git diff OLD NEW -- PATH` (git's line diff of the same blobs) in a
/// repository, run alternately; `diff --json` too.
enum DiffTiming {
    /// `difftime TOOL RUNS NAME REPOSITORY OLD NEW PATH [NAME REPOSITORY OLD NEW PATH…]`
    static func run(_ arguments: [String]) {
        let tool = arguments[0], runs = Int(arguments[1])!
        ProgramPages.dropFromCache([tool, "git"])
        var warm = false
        var rest = Array(arguments.dropFirst(2))
        while rest.count >= 5 {
            let (name, repository, old, new, path) = (rest[0], rest[1], rest[2], rest[3], rest[4])
            rest.removeFirst(5)
            precondition(FileManager.default.changeCurrentDirectoryPath(repository), "cannot enter \(repository)")
            var ours: [Double] = [], json: [Double] = [], git: [Double] = []
            if !warm {
                // Both programs read back from disk by an untimed run (``ProgramPages``).
                _ = Replay.execute([tool, "diff", "--no-color", old, new])
                _ = Replay.execute(["git", "diff", "--no-color", old, new, "--", path])
                warm = true
            }
            for _ in 0..<runs {
                let (outcome, seconds) = Replay.execute([tool, "diff", "--no-color", old, new])
                precondition(outcome.status == 0, "git xcstrings diff failed: \(outcome.error)")
                ours.append(seconds)
                json.append(Replay.execute([tool, "diff", "--json", old, new]).1)
                git.append(Replay.execute(["git", "diff", "--no-color", old, new, "--", path]).1)
            }
            let (a, j, b) = (MergeTiming.median(ours), MergeTiming.median(json), MergeTiming.median(git))
            print(String(format: "%-36@ xcstrings diff %7.1f ms (ratio %.2f), --json %7.1f ms (ratio %.2f); git diff %7.1f ms",
                         name as NSString, a * 1000, a / b, j * 1000, j / b, b * 1000))
        }
    }
}
