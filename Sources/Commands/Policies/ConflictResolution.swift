import DriverCommands
import GitLayer
import GitProcess
import PlatformLayer
import SemanticDiff
/// `resolve`'s policy for one catalog git left conflicted, merged again from
/// the index's three stages:
///
/// - Three catalogs: merged by meaning, true conflicts left as small hunks,
///   or settled by taking one side (`--ours`, `--theirs`).
/// - A stage that is not a catalog: nothing is done (unlike the driver, no
///   line merge: git already made one, and it is in the work tree).
/// - A work-tree file someone edited since git wrote it is theirs: it is
///   replaced only when it is still git's line merge of the stages (in any
///   conflict style), or either side.
struct ConflictResolution {
    /// The file's name in messages.
    var name: String
    var markers: ConflictMarkers
    /// The side that settles true conflicts; nil leaves them as hunks.
    var settling: Side?
    var keyOrder: KeyOrder

    static let stageNames = ["base (stage 1)", "ours (stage 2)", "theirs (stage 3)"]

    /// The merge of `contents` (base, ours, theirs), or why there is none.
    func merge(_ contents: [Bytes], workers: Workers) -> Result<MergeOutcome, Refusal> {
        var documents: [JSONDocument?] = []
        for (position, parsed) in ThreeVersions.parse(contents, workers: workers).enumerated() {
            switch parsed {
            case .success(let document): documents.append(document)
            case .failure(let error): return .failure(Refusal("\(Self.stageNames[position]) is not valid JSON (\(error))"))
            }
        }
        do {
            let result = try CatalogMerge.merge(base: documents[0], ours: documents[1]!, theirs: documents[2]!, settling: settling,
                                                keyOrder: keyOrder)
            let summary = result.summary(name: name)
            var outcome = MergeOutcome(method: .semantic(result, markers), clean: result.conflicts.isEmpty, summary: summary,
                                       decisions: result.decisions.map { "\(name): \($0)" })
            outcome.warnings += MergeCheck.warnings(outcome, ours: documents[1], theirs: documents[2], name: name)
            return .success(outcome)
        } catch {
            return .failure(Refusal(error.description))
        }
    }

    /// Why the work-tree file `current` must not be replaced by `merged`;
    /// nil when it may be: it is `merged`, either side, or git's line merge
    /// of the stages as git left it (line ends aside: git may have written
    /// CR LF for `core.autocrlf`).
    /// `alsoWritten` are other results this tool may have left there (the
    /// hunks a plain `resolve` wrote, before `--ours` or `--theirs`).
    static func handEdit(_ current: [UInt8], merged: [UInt8], alsoWritten: [[UInt8]] = [], contents: [Bytes], path: String, shown: String) -> Refusal? {
        let text = withoutCR(current)
        // This tool's own output, the driver's included: its hunks may carry other labels (git before 2.44
        // gives the driver none: `ours`, `theirs`) and another marker size.
        let lines = ConflictMarkers.normalizedLines(text)
        if (alsoWritten + [merged]).contains(where: { ConflictMarkers.normalizedLines(withoutCR($0)) == lines }) { return nil }
        if text == withoutCR(contents[1].array) || text == withoutCR(contents[2].array)
            || isLineMerge(text, of: contents.map { withoutCR($0.array) }) { return nil }
        if (try? JSONDocument(parsing: current)) != nil {
            return Refusal("the work-tree file is valid JSON and differs from both sides, so it looks resolved by hand; left as it is "
                           + "(git add it to keep it, resolve --force to merge again, or git checkout -m \(shown) to start over)")
        }
        return Refusal("edited since git's merge wrote it (it is neither git's line merge of the stages nor either side); "
                       + "left as it is (resolve --force to merge again anyway, or git checkout -m \(shown) to start over)")
    }

    /// Whether `current` is git's line merge of `stages` (base, ours,
    /// theirs) as git wrote it, in any conflict style and whatever line diff
    /// git used (`git merge` defaults to histogram, `git merge-file` to
    /// Myers). Exactly `git merge-file`'s in some style is; so is a file
    /// whose conflict hunks are whole, whose every hunk side is a run of lines
    /// of that stage, and which, with either side taken in every hunk, still
    /// has every line that side wrote and nothing from anywhere else (the
    /// number of hunks says nothing: git's histogram diff may make 18 where
    /// libgit2's makes 4,000), and which, either way, still has every line
    /// neither side touched (``keptByBoth(_:)``). Taking a side of a hunk by hand, editing
    /// inside one, or editing or deleting a line outside them all fail one of
    /// these; keeping both sides of a hunk by hand does not, and is merged again.
    static func isLineMerge(_ current: [UInt8], of stages: [[UInt8]]) -> Bool {
        // git keeps a final line break every stage has.
        if current.last != UInt8(ascii: "\n") && stages.allSatisfy({ $0.isEmpty || $0.last == UInt8(ascii: "\n") }) { return false }
        let wanted = ConflictMarkers.normalizedLines(current)
        for style in [ConflictMarkers.Style.merge, .diff3, .zdiff3] {
            guard let merged = try? LineMerge.merge(base: Bytes(stages[0]), ours: Bytes(stages[1]), theirs: Bytes(stages[2]),
                                                    markers: ConflictMarkers(style: style)) else { continue }
            if ConflictMarkers.normalizedLines(merged.bytes.array) == wanted { return true }
        }
        guard let hunks = ConflictMarkers.hunks(in: current), !hunks.isEmpty else { return false }
        let lines = stages.map(Self.lines)
        for hunk in hunks {
            guard contains(lines[1], hunk.ours), contains(lines[2], hunk.theirs), hunk.base.map({ contains(lines[0], $0) }) ?? true
            else { return false }
        }
        // Lines are compared by content, not by where a diff would align them (that is what differs between diffs).
        let sets = lines.map { Set($0) }
        let kept = keptByBoth(lines)
        for (side, other) in [(1, 2), (2, 1)] {
            let taken = Set(Self.lines(ConflictMarkers.resolved(current, takingOurs: side == 1)))
            // Every line this side wrote (that the base has nowhere) is still there…
            if lines[side].contains(where: { !sets[0].contains($0) && !taken.contains($0) }) { return false }
            // …and every line comes from one of the sides…
            if taken.contains(where: { !sets[side].contains($0) && !sets[other].contains($0) }) { return false }
            // …and no line both sides kept is gone (a line deleted by hand outside the hunks).
            if kept.contains(where: { !taken.contains($0) }) { return false }
        }
        return true
    }

    /// Lines neither side touched: found exactly once in each stage, and
    /// in the same order among themselves in all three (a line one side
    /// moved, as another tool's key order does, is left out: git's merge may
    /// write it where either side had it). git's merge writes each of them,
    /// whichever side a hunk is settled with.
    static func keptByBoth(_ stages: [[ArraySlice<UInt8>]]) -> [ArraySlice<UInt8>] {
        var positions: [ArraySlice<UInt8>: (base: Int, ours: Int, theirs: Int)] = [:]
        var seen: [ArraySlice<UInt8>: Int] = [:]
        for (stage, lines) in stages.enumerated() {
            for (position, line) in lines.enumerated() {
                if stage == 0 {
                    positions[line] = positions[line] == nil && seen[line] == nil ? (position, -1, -1) : nil
                    seen[line, default: 0] += 1
                    continue
                }
                guard var found = positions[line] else { continue }
                let previous = stage == 1 ? found.ours : found.theirs
                // Seen before in this stage: not unique there.
                if previous != -1 { positions[line] = nil; continue }
                if stage == 1 { found.ours = position } else { found.theirs = position }
                positions[line] = found
            }
        }
        let unique = positions.filter { $0.value.ours >= 0 && $0.value.theirs >= 0 }
            .sorted { $0.value.base < $1.value.base }
        // In base's order, those in increasing order in ours, then of these those in increasing order in theirs.
        let inOurs = longestIncreasing(unique.map { $0.value.ours }).map { unique[$0] }
        return longestIncreasing(inOurs.map { $0.value.theirs }).map { inOurs[$0].key }
    }

    /// The indices of a longest strictly increasing subsequence of `values`.
    static func longestIncreasing(_ values: [Int]) -> [Int] {
        var tails: [Int] = [], previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var result: [Int] = []
        var index = tails.last ?? -1
        while index >= 0 { result.append(index); index = previous[index] }
        return result.reversed()
    }

    /// The lines of `text` (LF-separated).
    static func lines(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines = text.split(separator: 0x0A, omittingEmptySubsequences: false)
        if text.last == 0x0A { lines.removeLast() }
        return lines
    }

    /// Whether `run` is a run of consecutive lines of `lines` (an empty run always is).
    static func contains(_ lines: [ArraySlice<UInt8>], _ run: [ArraySlice<UInt8>]) -> Bool {
        guard let first = run.first else { return true }
        guard run.count <= lines.count else { return false }
        for start in 0...(lines.count - run.count) where lines[start] == first {
            if lines[start..<start + run.count].elementsEqual(run) { return true }
        }
        return false
    }

    /// `text` with the CR of every CR LF removed.
    static func withoutCR(_ text: [UInt8]) -> [UInt8] {
        guard text.contains(0x0D) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        for (index, byte) in text.enumerated() where !(byte == 0x0D && index + 1 < text.count && text[index + 1] == 0x0A) {
            result.append(byte)
        }
        return result
    }

    /// A reason to leave a catalog as it is.
    struct Refusal: Error {
        var reason: String

        init(_ reason: String) { self.reason = reason }
    }
}
