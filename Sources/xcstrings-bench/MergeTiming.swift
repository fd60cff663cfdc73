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
            ours.append(Replay.execute([tool, "merge", "-p", "-q", item.base, item.ours, item.theirs]).1)
            git.append(Replay.execute(["git", "merge-file", "-p", item.ours, item.base, item.theirs]).1)
        }
        return (median(ours), median(git))
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// `mergetime TOOL RUNS NAME BASE OURS THEIRS [NAME BASE OURS THEIRS…]`
    static func run(_ arguments: [String]) {
        let tool = arguments[0], runs = Int(arguments[1])!
        var cases: [Case] = []
        var rest = Array(arguments.dropFirst(2))
        while rest.count >= 4 {
            cases.append(Case(name: rest[0], base: rest[1], ours: rest[2], theirs: rest[3]))
            rest.removeFirst(4)
        }
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

    /// `mergecorpus TOOL RUNS CORPUS`: every corpus merge, medians per case; the sum and the cases of 1 MB or more.
    static func corpus(_ arguments: [String]) {
        let tool = arguments[0], runs = Int(arguments[1])!, corpus = arguments[2]
        let rows = try! Corpus.table("merges.tsv", in: URL(fileURLWithPath: corpus))
        var totalOurs = 0.0, totalGit = 0.0
        var large: [(String, Double, Double)] = []
        for row in rows {
            let blob = { (name: String) in corpus + "/blobs/" + row[name]! }
            let item = Case(name: row["case_id"]!, base: blob("base"), ours: blob("ours"), theirs: blob("theirs"))
            let (ours, git) = time(item, tool: tool, runs: runs)
            totalOurs += ours
            totalGit += git
            if Int(row["bytes_result"]!)! >= 1_000_000 { large.append((item.name, ours, git)) }
        }
        print(String(format: "all %d corpus merges: driver %.2f s, git merge-file %.2f s, ratio %.2f", rows.count, totalOurs, totalGit, totalOurs / totalGit))
        for (name, ours, git) in large {
            print(String(format: "  %@ (1 MB or more): driver %.1f ms, git merge-file %.1f ms, ratio %.2f", name, ours * 1000, git * 1000, ours / git))
        }
        let ratios = large.map { $0.1 / $0.2 }
        if !ratios.isEmpty { print(String(format: "  median ratio over the cases of 1 MB or more: %.2f", median(ratios))) }
    }
}
