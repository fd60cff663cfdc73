import Foundation
import PlatformLayer
import SemanticDiff
import TestSupport

/// `scripts/replay`: every real merge of the corpus through the driver,
/// judged against git's line merge and against what people committed.
enum Replay {
    struct Case {
        var id: String
        var base: String, ours: String, theirs: String, result: String
        var bytes: Int
    }

    static func run(corpus: String, tool: String, verbose: Bool) {
        let rows = try! Corpus.table("merges.tsv", in: URL(fileURLWithPath: corpus))
        let cases = rows.map { row in
            Case(id: row["case_id"]!, base: corpus + "/blobs/" + row["base"]!, ours: corpus + "/blobs/" + row["ours"]!,
                 theirs: corpus + "/blobs/" + row["theirs"]!, result: corpus + "/blobs/" + row["result"]!,
                 bytes: Int(row["bytes_result"]!) ?? 0)
        }
        var clean = 0, conflicted = 0, errors = 0, invalidOutputs = 0, markersInClean = 0
        var validInputs = 0, cleanWithValidInputs = 0
        var gitConflictedCases = 0, cleanWhereGitConflicted = 0, hunksOurs = 0, hunksGit = 0
        var lost = 0, hunkSidesInvalid = 0
        var copiesSettled = 0, casesWithCopies = 0
        var equal = 0, peopleOnly = 0, otherwise = 0, compared = 0
        var toolTime = 0.0, gitTime = 0.0
        var largeRatios: [(String, Double)] = []
        var timings: [(id: String, ours: Double, git: Double, bytes: Int)] = []
        var notes: [String] = []

        for item in cases {
            let inputs = [item.base, item.ours, item.theirs].map { try! Files.read($0) }
            let inputsValid = inputs.enumerated().allSatisfy { index, bytes in
                (index == 0 && bytes.isEmpty) || (try? JSONDocument(parsing: bytes)) != nil
            }
            if inputsValid { validInputs += 1 }
            let (ours, oursSeconds) = execute(mergeCommand(tool) + ["-p", "-q", item.base, item.ours, item.theirs])
            let (git, gitSeconds) = execute(["git", "merge-file", "-p", "--diff3", item.ours, item.base, item.theirs])
            toolTime += oursSeconds
            gitTime += gitSeconds
            if item.bytes >= 1_000_000 { largeRatios.append((item.id, oursSeconds / gitSeconds)) }
            timings.append((item.id, oursSeconds, gitSeconds, item.bytes))
            let gitHunks = MergeText(bytes: git.output).hunkCount
            hunksGit += gitHunks
            if gitHunks > 0 { gitConflictedCases += 1 }
            guard ours.status == 0 || ours.status == 1 else {
                errors += 1
                notes.append("\(item.id): exit \(ours.status): \(ours.error)")
                continue
            }
            let output = ours.output
            // Rule 2's copies of the source: placeholders that would have conflicted with a translation.
            let decisions = execute(mergeCommand(tool) + ["-p", "-v", item.base, item.ours, item.theirs]).0.error
            let copies = decisions.components(separatedBy: "placeholder (a copy of ").count - 1
            copiesSettled += copies
            if copies > 0 { casesWithCopies += 1 }
            if ours.status == 0 {
                clean += 1
                if inputsValid { cleanWithValidInputs += 1 }
                if gitHunks > 0 { cleanWhereGitConflicted += 1 }
                if MergeText(bytes: output).hunkCount > 0 {
                    markersInClean += 1
                    notes.append("\(item.id): markers in a clean result")
                }
                // Whatever the inputs, a clean exit must leave a file that parses.
                if (try? JSONDocument(parsing: output)) == nil {
                    invalidOutputs += 1
                    notes.append("\(item.id): clean result is not valid JSON")
                }
            } else {
                conflicted += 1
                hunksOurs += MergeText(bytes: output).hunkCount
                if inputsValid {
                    for side in [true, false] where (try? JSONDocument(parsing: Array(MergeText(bytes: output).resolved(takingOurs: side).utf8))) == nil {
                        hunkSidesInvalid += 1
                        notes.append("\(item.id): taking \(side ? "ours" : "theirs") of every hunk is not valid JSON")
                    }
                }
                if verbose { notes.append("\(item.id): \(MergeText(bytes: output).hunkCount) hunks (git: \(gitHunks)): \(ours.error)") }
            }
            guard inputsValid else { continue }
            // One-sided translation changes must survive (checked on ours' side of any hunk).
            let resolved = ours.status == 0 ? output : Array(MergeText(bytes: output).resolved(takingOurs: true).utf8)
            guard let merged = try? JSONDocument(parsing: resolved) else { continue }
            let leaves = inputs.map { $0.isEmpty ? Leaves(.object([])) : Leaves(try! JSONDocument(parsing: $0)) }
            let result = Leaves(merged)
            let lostHere = result.lost(base: leaves[0], ours: leaves[1], theirs: leaves[2])
            lost += lostHere.count
            for path in lostHere.prefix(3) { notes.append("\(item.id): lost one-sided change at \(path)") }
            // Agreement with what the people committed.
            guard ours.status == 0, let committedDocument = try? JSONDocument(parsing: Files.read(item.result)) else { continue }
            compared += 1
            let committed = Leaves(committedDocument)
            switch agreement(base: leaves[0], ours: leaves[1], theirs: leaves[2], merged: result, committed: committed) {
            case .equal: equal += 1
            case .peopleOnly: peopleOnly += 1
            case .otherwise(let path):
                otherwise += 1
                if verbose { notes.append("\(item.id): differs from the committed result at \(path)") }
            }
        }

        func percent(_ part: Int, _ whole: Int) -> String { String(format: "%.1f%%", 100.0 * Double(part) / Double(max(whole, 1))) }
        print("cases                         \(cases.count)")
        print("clean                         \(clean)")
        print("conflicted                    \(conflicted)")
        print("errors                        \(errors)")
        print("clean, not valid JSON         \(invalidOutputs)")
        print("clean, with markers           \(markersInClean)")
        print("hunk sides not valid JSON     \(hunkSidesInvalid)")
        print("one-sided translations lost   \(lost)")
        print("clean where inputs are valid  \(cleanWithValidInputs) of \(validInputs) (\(percent(cleanWithValidInputs, validInputs)))")
        print("clean where git conflicts     \(cleanWhereGitConflicted) of \(gitConflictedCases) (\(percent(cleanWhereGitConflicted, gitConflictedCases)))")
        print("conflict hunks                \(hunksOurs) (git's line merge: \(hunksGit))")
        print("copies of the source settled  \(copiesSettled) in \(casesWithCopies) cases (rule 2: a copy in new or needs_review loses)")
        print("agreement with the committed result, \(compared) clean cases:")
        print("  equal                       \(equal)")
        print("  differing only where people edited or dropped work  \(peopleOnly)")
        print("  differing otherwise         \(otherwise)")
        print(String(format: "time                          %.2f s (git merge-file: %.2f s, ratio %.2f)", toolTime, gitTime, toolTime / gitTime))
        if !largeRatios.isEmpty {
            let sorted = largeRatios.map(\.1).sorted()
            print(String(format: "cases of 1 MB or more         %d, median time ratio %.2f (", largeRatios.count, sorted[sorted.count / 2])
                  + largeRatios.map { String(format: "%@ %.2f", $0.0, $0.1) }.joined(separator: ", ") + ")")
        }
        if verbose {
            print("time by size (driver / git merge-file):")
            for (low, high) in [(0, 50_000), (50_000, 200_000), (200_000, 1_000_000), (1_000_000, Int.max)] {
                let bucket = timings.filter { $0.bytes >= low && $0.bytes < high }
                let ours = bucket.map(\.ours).reduce(0, +), git = bucket.map(\.git).reduce(0, +)
                print(String(format: "  %7d+ bytes: %3d cases, %6.0f ms / %6.0f ms", low, bucket.count, ours * 1000, git * 1000))
            }
            print("largest time differences (driver - git merge-file):")
            for timing in timings.sorted(by: { $0.ours - $0.git > $1.ours - $1.git }).prefix(12) {
                print(String(format: "  %@ %8d bytes  %6.1f ms  git %6.1f ms", timing.id, timing.bytes, timing.ours * 1000, timing.git * 1000))
            }
        }
        for note in notes { print("  " + note) }
    }

    // MARK: Processes

    struct Outcome {
        var status: Int32
        var output: [UInt8]
        var error: String
    }

    /// The merge with `tool`: `git-xcstrings-merge`, the driver as install
    /// registers it, takes the files itself; `git-xcstrings` its `merge` command.
    static func mergeCommand(_ tool: String) -> [String] {
        tool.hasSuffix("/git-xcstrings-merge") || tool == "git-xcstrings-merge" ? [tool] : [tool, "merge"]
    }

    /// Runs a program and times it from start to exit (through
    /// ``Subprocess``: Foundation's `Process` waits on a run loop for longer
    /// than a whole small merge takes). A program that did not start or was
    /// killed is status 128.
    static func execute(_ arguments: [String]) -> (Outcome, Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = Subprocess.run(arguments)
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        guard let result else { return (Outcome(status: 128, output: [], error: "\(arguments[0]) did not start or was killed"), seconds) }
        return (Outcome(status: result.status, output: result.output, error: result.error), seconds)
    }

    enum Agreement { case equal, peopleOnly, otherwise(String) }

    /// Ours against the committed result, leaf by leaf. A difference is the
    /// people's own where they wrote a value no side had, or dropped a change
    /// one side made.
    static func agreement(base: Leaves, ours: Leaves, theirs: Leaves, merged: Leaves, committed: Leaves) -> Agreement {
        var peopleDifferences = 0
        for path in Set(merged.values.keys).union(committed.values.keys).sorted() where merged.values[path] != committed.values[path] {
            let c = committed.values[path], b = base.values[path], o = ours.values[path], t = theirs.values[path]
            let wroteNew = c != nil && c != b && c != o && c != t
            let droppedWork = (c == b || c == nil) && ((o != b && t == b) || (t != b && o == b) || (o != b && t != b))
            if wroteNew || droppedWork {
                peopleDifferences += 1
            } else {
                return .otherwise(path.description)
            }
        }
        return peopleDifferences == 0 ? .equal : .peopleOnly
    }
}
