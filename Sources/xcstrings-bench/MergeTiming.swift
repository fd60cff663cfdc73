import Foundation
import TestSupport

/// Whole-process timing of the merge driver against `git merge-file -p` on
/// the same three files, run alternately so both see the same machine.
enum MergeTiming {
    struct Case {
        var name: String
        var base: String, ours: String, theirs: String
    }

    /// Median seconds of each command over `runs` alternating runs.
    static func time(_ item: Case, tool: String, runs: Int) -> (ours: Double, git: Double) {
        var ours: [Double] = [], git: [Double] = []
        for _ in 0..<runs {
            ours.append(Replay.execute(Replay.mergeCommand(tool) + ["-p", "-q", item.base, item.ours, item.theirs]).1)
            git.append(Replay.execute(["git", "merge-file", "-p", item.ours, item.base, item.theirs]).1)
        }
        return (median(ours), median(git))
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Both programs dropped from the page cache, then read back by two
    /// untimed merges of `item` (``ProgramPages``).
    static func startFromDisk(tool: String, _ item: Case) {
        ProgramPages.dropFromCache([tool, "git"])
        _ = time(item, tool: tool, runs: 2)
    }

    /// `mergetime TOOL RUNS NAME BASE OURS THEIRS [NAME BASE OURS THEIRS…]`
    static func run(_ arguments: [String]) {
        let tool = arguments[0], runs = Int(arguments[1])!
        var cases: [Case] = []
        var rest = Array(arguments.dropFirst(2))
        while rest.count >= 4 {
            cases.append(Case(name: rest[0], base: rest[1], ours: rest[2], theirs: rest[3]))
            rest.removeFirst(4)
        }
        if let first = cases.first { startFromDisk(tool: tool, first) }
        var ratios: [Double] = []
        for item in cases {
            let (ours, git) = time(item, tool: tool, runs: runs)
            ratios.append(ours / git)
            print(String(format: "%-44@ driver %8.1f ms   git merge-file %8.1f ms   ratio %.2f", item.name as NSString, ours * 1000, git * 1000, ours / git))
        }
        if ratios.count > 1 {
            print(String(format: "median ratio %.2f", median(ratios)))
        }
    }

    /// `mergecorpus TOOL RUNS CORPUS`: every corpus merge, medians per case:
    /// the distribution of the per-case ratios (what a user meets: most
    /// merges are of small files), the sum, and the cases of 1 MB or more.
    static func corpus(_ arguments: [String]) {
        let tool = arguments[0], runs = Int(arguments[1])!, corpus = arguments[2]
        let rows = try! Corpus.table("merges.tsv", in: URL(fileURLWithPath: corpus))
        let items = rows.map { row in
            let blob = { (name: String) in corpus + "/blobs/" + row[name]! }
            return Case(name: row["case_id"]!, base: blob("base"), ours: blob("ours"), theirs: blob("theirs"))
        }
        if let first = items.first { startFromDisk(tool: tool, first) }
        var totalOurs = 0.0, totalGit = 0.0
        var cases: [(name: String, bytes: Int, ours: Double, git: Double)] = []
        for (row, item) in zip(rows, items) {
            let (ours, git) = time(item, tool: tool, runs: runs)
            totalOurs += ours
            totalGit += git
            cases.append((item.name, Int(row["bytes_result"]!)!, ours, git))
        }
        print(String(format: "all %d corpus merges: driver %.2f s, git merge-file %.2f s, summed ratio %.2f", rows.count, totalOurs, totalGit, totalOurs / totalGit))
        let ratios = cases.map { $0.ours / $0.git }.sorted()
        let slower = cases.filter { $0.ours > $0.git }
        print(String(format: "  per case: median ratio %.2f, 90th percentile %.2f, worst %.2f; %d of %d slower than git merge-file",
                     median(ratios), ratios[ratios.count * 9 / 10], ratios.last!, slower.count, cases.count))
        for (label, range) in [("under 10 KB", 0..<10_000), ("10-100 KB", 10_000..<100_000), ("100 KB-1 MB", 100_000..<1_000_000)] {
            let bucket = cases.filter { range.contains($0.bytes) }
            guard !bucket.isEmpty else { continue }
            print(String(format: "  %@ (%d cases): median driver %.2f ms, git merge-file %.2f ms, median ratio %.2f", label as NSString, bucket.count,
                         median(bucket.map { $0.ours }) * 1000, median(bucket.map { $0.git }) * 1000, median(bucket.map { $0.ours / $0.git })))
        }
        for item in cases where item.bytes >= 1_000_000 {
            print(String(format: "  %@ (1 MB or more): driver %.1f ms, git merge-file %.1f ms, ratio %.2f", item.name as NSString, item.ours * 1000, item.git * 1000, item.ours / item.git))
        }
        for item in slower.sorted(by: { $0.ours / $0.git > $1.ours / $1.git }).prefix(5) {
            print(String(format: "  slower: %@ (%d bytes) driver %.2f ms, git merge-file %.2f ms, ratio %.2f", item.name as NSString, item.bytes, item.ours * 1000, item.git * 1000, item.ours / item.git))
        }
    }
}
