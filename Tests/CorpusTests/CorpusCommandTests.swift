import Foundation
import TestSupport
import Testing
import PlatformLayer
import SemanticDiff

/// Every command, as a user runs it, over every file of the corpus: the
/// newest catalogs and every version a real merge saw, broken ones included.
/// Fixtures written by hand prove only what their authors thought of; these
/// files are what users have.
@Suite("Corpus commands", .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
struct CorpusCommandTests {

    /// Every distinct blob of `catalogs.tsv` and `merges.tsv`.
    static func blobs() throws -> [String] {
        var names = Set<String>()
        for row in try Corpus.table("catalogs.tsv") { names.insert(row["blob"]!) }
        for row in try Corpus.table("merges.tsv") {
            for column in ["base", "ours", "theirs", "result"] where !(row[column] ?? "").isEmpty { names.insert(row[column]!) }
        }
        return names.sorted()
    }

    @Test("fmt, fmt --check, textconv, diff (text, --json, against itself), merge and check: no crash, documented exits, right output")
    func everyCommand() throws {
        let directory = try TemporaryDirectory()
        let empty = directory.path("empty.xcstrings")
        try directory.write("empty.xcstrings", "")
        let emptyCatalog = directory.path("new.xcstrings")
        try directory.write("new.xcstrings", #"{"sourceLanguage":"en","strings":{},"version":"1.0"}"#)
        let names = try Self.blobs()
        #expect(names.count > 1000)
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            let name = names[index]
            let path = Corpus.directory.appendingPathComponent("blobs").appendingPathComponent(name).path
            do {
                try Self.check(path, name: name, empty: empty, emptyCatalog: emptyCatalog, failures: failures)
            } catch {
                failures.append("\(name): \(error)")
            }
        }
        #expect(failures.value.isEmpty, "\(failures.value.count) failures: \(failures.value.sorted().prefix(20))")
    }

    static func check(_ path: String, name: String, empty: String, emptyCatalog: String, failures: Locked<[String]>) throws {
        let bytes = try Files.read(path)
        let document = try? JSONDocument(parsing: bytes)
        func run(_ arguments: [String], _ allowed: Set<Int32>) throws -> CLI.Result {
            let result = try CLI.run(arguments)
            let crashed = result.stderr.contains("Fatal error") || result.stderr.contains("Backtrace")
                || result.stderr.contains("Swift runtime failure")
            if crashed || !allowed.contains(result.status) {
                failures.append("\(name): \(arguments.first!) \(arguments.dropFirst().first ?? "") exited \(result.status): "
                             + result.stderr.prefix(300))
            }
            return result
        }
        guard let document else {
            // Not valid JSON: refused with a position, printed as it is by textconv, never merged into "clean".
            let format = try run(["fmt", "-p", path], [2])
            if !format.stdout.isEmpty || !format.stderr.hasPrefix(path + ":") {
                failures.append("\(name): fmt -p of invalid JSON: \(format.stderr.prefix(200))")
            }
            _ = try run(["fmt", "--check", path], [2])
            let textconv = try run(["textconv", path], [0])
            if textconv.stdoutBytes != bytes { failures.append("\(name): textconv of invalid JSON changed its bytes") }
            _ = try run(["diff", "--no-index", emptyCatalog, path], [2])
            _ = try run(["merge", "-p", "-q", path, path, path], [1])
            let check = try run(["check", path], [1])
            if !check.stdout.hasPrefix("\(path):") || !check.stdout.contains("[json]") {
                failures.append("\(name): check of invalid JSON: \(check.stdout.prefix(200))")
            }
            return
        }
        let formatted = XcodeLayout.format(document, finalNewline: document.endsWithNewline)
        let format = try run(["fmt", "-p", path], [0])
        if format.stdoutBytes != formatted { failures.append("\(name): fmt -p is not the document in Xcode's layout") }
        let check = try run(["fmt", "--check", path], formatted == bytes ? [0] : [1])
        if (check.stdout == path + "\n") != (formatted != bytes) { failures.append("\(name): fmt --check listed \(check.stdout)") }
        let textconv = try run(["textconv", path], [0])
        if textconv.stdout.isEmpty || !textconv.stderr.isEmpty { failures.append("\(name): textconv: \(textconv.stderr.prefix(200))") }
        _ = try run(["diff", "--no-index", emptyCatalog, path], [0, 1])
        let itself = try run(["diff", "--exit-code", "--no-index", path, path], [0])
        if !itself.stdout.isEmpty { failures.append("\(name): diff against itself printed \(itself.stdout.prefix(200))") }
        let json = try run(["diff", "--json", "--no-index", emptyCatalog, path], [0, 1])
        if (try? JSONDocument(parsing: json.stdoutBytes)) == nil { failures.append("\(name): diff --json does not parse") }
        let same = try run(["merge", "-p", "-q", path, path, path], [0])
        if same.stdoutBytes != formatted { failures.append("\(name): merge -p X X X is not X in Xcode's layout") }
        let added = try run(["merge", "-p", "-q", empty, path, path], [0])
        if added.stdoutBytes != formatted { failures.append("\(name): merge -p EMPTY X X is not X in Xcode's layout") }
        // check: the findings the library finds, exit 1 exactly when one is an error, in every format.
        guard let catalog = try? Catalog(document) else { return }
        let findings = CatalogCheck.findings(catalog)
        let hasError = findings.contains { $0.severity == .error }
        // The layout rule agrees with the bytes: flagged exactly when fmt would change the file.
        if findings.contains(where: { $0.rule == .layout && !$0.message.hasPrefix("duplicate") }) != (formatted != bytes) {
            failures.append("\(name): check's layout finding disagrees with fmt")
        }
        let report = try run(["check", "--json", path], hasError ? [1] : [0])
        let reported = (try? JSONDocument(parsing: report.stdoutBytes)).map { JSONValue($0, $0.root) }
        var listed = -1
        if case .array(let files)? = reported?[path: "files"], case .object(let members)? = files.first,
           case .array(let items)? = members.first(where: { $0.key == "findings" })?.value { listed = items.count }
        if listed != findings.count {
            failures.append("\(name): check --json does not list the \(findings.count) findings")
        }
        let sarif = try run(["check", "--format", "sarif", path], hasError ? [1] : [0])
        if (try? JSONDocument(parsing: sarif.stdoutBytes)) == nil { failures.append("\(name): check --format sarif does not parse") }
        let github = try run(["check", "--format", "github", path], hasError ? [1] : [0])
        if github.stdout.split(separator: "\n").count != findings.count { failures.append("\(name): check --format github is not a line per finding") }
        let text = try run(["check", "--summary", path], hasError ? [1] : [0])
        if !text.stdout.contains("\(path): ") { failures.append("\(name): check prints no summary line") }
    }
}

extension Locked where Value == [String] {
    func append(_ item: String) { mutate { $0.append(item) } }
}
