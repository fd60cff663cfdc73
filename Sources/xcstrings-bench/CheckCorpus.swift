import Foundation
import SemanticDiff
import TestSupport

/// `scripts/check-corpus`: `check` over every catalog of the corpus, through
/// the release binary (exit statuses, crashes) and in process (findings per
/// rule, with samples to read).
enum CheckCorpus {
    static func run(corpus: String, tool: String, samples: Int, rule: String?) {
        let directory = URL(fileURLWithPath: corpus)
        let rows = try! Corpus.table("catalogs.tsv", in: directory)
        var findings: [CheckRule: Int] = [:], catalogs: [CheckRule: Int] = [:]
        var statuses: [Int32: Int] = [:], unparsable = 0
        var examples: [CheckRule: [String]] = [:]
        var checked = 0
        for row in rows {
            let path = directory.appendingPathComponent("blobs").appendingPathComponent(row["blob"]!).path
            statuses[status(tool, path), default: 0] += 1
            guard let bytes = FileManager.default.contents(atPath: path), let catalog = try? Catalog(parsing: Array(bytes)) else {
                unparsable += 1
                continue
            }
            checked += 1
            let found = CatalogCheck.findings(catalog, options: CheckOptions())
            for rule in Set(found.map(\.rule)) { catalogs[rule, default: 0] += 1 }
            for finding in found {
                findings[finding.rule, default: 0] += 1
                if (rule == nil || rule == finding.rule.rawValue), examples[finding.rule, default: []].count < samples {
                    let key = finding.key.map { "\"\($0)\": " } ?? ""
                    examples[finding.rule, default: []].append("\(row["repo"]!)/\(row["path"]!):\(finding.position): \(key)\(finding.message)")
                }
            }
        }
        print("catalogs: \(rows.count), checked: \(checked), not parsed: \(unparsable)")
        print("exit statuses of git-xcstrings check: " + statuses.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        let crashes = statuses.filter { $0.key > 2 || $0.key < 0 }.values.reduce(0, +)
        print("crashes: \(crashes)")
        print("")
        print("rule".padding(toLength: 25) + "severity".padding(toLength: 9) + "findings".padding(toLength: 9, leading: true) + "catalogs".padding(toLength: 10, leading: true))
        for rule in CheckRule.allCases {
            print(rule.rawValue.padding(toLength: 25) + rule.defaultSeverity.rawValue.padding(toLength: 9)
                  + String(findings[rule] ?? 0).padding(toLength: 9, leading: true) + String(catalogs[rule] ?? 0).padding(toLength: 10, leading: true))
        }
        for rule in CheckRule.allCases where !(examples[rule] ?? []).isEmpty {
            print("\n\(rule.rawValue):")
            for example in examples[rule]! { print("  " + example) }
        }
        if crashes > 0 { exit(1) }
    }

    /// The exit status of `check` on one file (a signal as its negative).
    private static func status(_ tool: String, _ path: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["check", "--format", "json", path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try! process.run()
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus
    }
}
