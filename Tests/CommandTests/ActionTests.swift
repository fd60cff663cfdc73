import Foundation
import SemanticDiff
import Testing
import TestSupport

/// The GitHub Action's script (`action/run`), run as a pull request's job
/// runs it: a saved `pull_request` event, a repository with both ends, the
/// built programs on PATH; with `XCSTRINGS_ACTION_OUTPUT`, the comment and
/// the annotations land in files instead of GitHub.
@Suite("The GitHub Action on a pull request", .enabled(if: CLI.which("jq") != nil, "the Action's script needs jq (apt-get install jq)"))
struct ActionTests {
    typealias B = Build

    struct Run {
        var result: CLI.Result
        var annotations: String
        var comment: String?
    }

    /// A repository whose `main` holds `App/Localizable.xcstrings` and `Other/Other.xcstrings`, and a branch
    /// `feature` made by `change`.
    static func pullRequest(_ change: (TestRepository) throws -> Void) throws -> (TestRepository, base: String, head: String) {
        let repository = try TestRepository()
        try repository.write(B.catalog([("%lld files", B.entry([("en", B.text("%lld files"))])),
                                         ("Save", B.entry([("de", B.text("Sichern")), ("en", B.text("Save"))]))]),
                             to: "App/Localizable.xcstrings")
        try repository.write(B.catalog([("Other", B.entry([("en", B.text("Other"))]))]), to: "Other/Other.xcstrings")
        try repository.directory.write("README.md", "An app\n")
        try repository.commitAll("main")
        let base = try repository.git("rev-parse", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try repository.git("checkout", "-q", "-b", "feature")
        try change(repository)
        try repository.commitAll("feature")
        let head = try repository.git("rev-parse", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return (repository, base, head)
    }

    static func run(_ repository: TestRepository, base: String, head: String, inputs: [String: String] = [:],
                    in directory: URL? = nil, event: String? = nil) throws -> Run {
        let files = try TemporaryDirectory()
        try files.write("event.json", event ?? #"{"action":"synchronize","pull_request":{"number":7,"base":{"sha":"\#(base)"},"head":{"sha":"\#(head)"}}}"#)
        var environment = ["GITHUB_EVENT_PATH": files.path("event.json"), "XCSTRINGS_ACTION_OUTPUT": files.path("out"),
                           "GITHUB_TOKEN": "", "RUNNER_TEMP": files.url.path]
        for (name, value) in inputs { environment["INPUT_" + name.uppercased().replacingOccurrences(of: "-", with: "_")] = value }
        let result = try CLI.launch(packageRoot.appendingPathComponent("action/run"), [], in: directory ?? repository.url,
                                    environment: environment, input: nil)
        let annotations = (try? String(contentsOfFile: files.path("out/annotations.txt"), encoding: .utf8)) ?? ""
        let comment = try? String(contentsOfFile: files.path("out/comment.md"), encoding: .utf8)
        return Run(result: result, annotations: annotations, comment: comment)
    }

    @Test("annotations on the changed catalogs' lines, the comment with what changed, and the step fails on an error")
    func findingsAndComment() throws {
        let (repository, base, head) = try Self.pullRequest { repository in
            // German reads the count as an object (%@ for %lld): an error.
            try repository.write(B.catalog([("%lld files", B.entry([("de", B.text("%@ Dateien")), ("en", B.text("%lld files"))])),
                                             ("Save", B.entry([("de", B.text("Speichern")), ("en", B.text("Save")),
                                                               ("fr", B.text("Enregistrer"))]))]),
                                 to: "App/Localizable.xcstrings")
            try repository.directory.write("README.md", "An app, changed\n")
        }
        let run = try Self.run(repository, base: base, head: head)
        #expect(run.result.status == 1, "\(run.result.stderr)")
        let line = try #require(run.annotations.split(separator: "\n").first { $0.hasPrefix("::error ") })
        #expect(line.contains("file=App/Localizable.xcstrings,line="), "\(line)")
        // Workflow commands escape % as %25.
        #expect(line.contains("as %25@ where the source has %25lld"), "\(line)")
        // GitHub reads annotations from the step's output.
        #expect(run.result.stdout.contains(String(line)))
        // Only the catalogs the pull request changed.
        #expect(!run.annotations.contains("Other.xcstrings"))
        let comment = try #require(run.comment)
        #expect(comment.hasPrefix("<!-- git-xcstrings "), "\(comment.prefix(100))")
        #expect(comment.split(separator: "\n").prefix(2).last == "## String Catalogs")
        #expect(comment.contains("### <code>App/Localizable.xcstrings</code>"))
        #expect(comment.contains("<code>&quot;Save&quot;</code>") || comment.contains("<code>\"Save\"</code>"), "\(comment)")
        #expect(comment.contains("| fr | 1 | 0 | 0 |"), "\(comment)")
        #expect(!comment.contains("Other.xcstrings") && !comment.contains("README"))
    }

    @Test("fail-on never reports and passes; fail-on warning fails on a warning alone")
    func failOn() throws {
        let (repository, base, head) = try Self.pullRequest { repository in
            try repository.write(B.catalog([("%lld files", B.entry([("de", B.text("%@ Dateien")), ("en", B.text("%lld files"))])),
                                             ("Save", B.entry([("de", B.text("Sichern")), ("en", B.text("Save"))]))]),
                                 to: "App/Localizable.xcstrings")
        }
        let never = try Self.run(repository, base: base, head: head, inputs: ["fail-on": "never"])
        #expect(never.result.status == 0, "\(never.result.stderr)")
        #expect(never.annotations.contains("::error "))
        // %d where the source has %lld: another size, a warning.
        let (sized, sizedBase, sizedHead) = try Self.pullRequest { repository in
            try repository.write(B.catalog([("%lld files", B.entry([("de", B.text("%d Dateien")), ("en", B.text("%lld files"))])),
                                             ("Save", B.entry([("de", B.text("Sichern")), ("en", B.text("Save"))]))]),
                                 to: "App/Localizable.xcstrings")
        }
        let onError = try Self.run(sized, base: sizedBase, head: sizedHead, inputs: ["fail-on": "error", "comment": "false"])
        #expect(onError.result.status == 0, "\(onError.annotations)")
        #expect(onError.annotations.contains("::warning "), "\(onError.annotations)")
        let onWarning = try Self.run(sized, base: sizedBase, head: sizedHead, inputs: ["fail-on": "warning", "comment": "false"])
        #expect(onWarning.result.status == 1, "\(onWarning.annotations)")
        let wrong = try Self.run(repository, base: base, head: head, inputs: ["fail-on": "sometimes"])
        #expect(wrong.result.status == 2)
        #expect(wrong.result.stdout.contains("::error::git-xcstrings action: fail-on takes error, warning, info or never"), "\(wrong.result.stdout)")
    }

    @Test("a pull request too big for one comment: whole entries up to GitHub's limit, then what was left out")
    func bigPullRequest() throws {
        let keys = (0..<1500).map { "Key number \($0) with a sentence long enough to matter" }
        let (repository, base, head) = try Self.pullRequest { repository in
            try repository.write(B.catalog(keys.map { key in
                (key, B.entry([("de", B.text("Deutsch: \(key)")), ("en", B.text(key)), ("ja", B.text("日本語: \(key)"))]))
            }), to: "App/Localizable.xcstrings")
        }
        let run = try Self.run(repository, base: base, head: head)
        let comment = try #require(run.comment)
        // GitHub's limit is 65,536 characters; bytes are at least as many.
        #expect(comment.utf8.count <= 65_536, "\(comment.utf8.count)")
        #expect(comment.utf8.count > 50_000, "\(comment.utf8.count)")
        #expect(comment.contains("**Left out to keep this short: "), "\(comment.suffix(300))")
        #expect(comment.hasSuffix("`git xcstrings diff \(base)...\(head) -- App/Localizable.xcstrings` shows them all.\n"), "\(comment.suffix(300))")
    }

    @Test("no catalog changed: no annotations, a comment saying so, success")
    func nothingChanged() throws {
        let (repository, base, head) = try Self.pullRequest { repository in
            try repository.directory.write("README.md", "Only the README\n")
        }
        let run = try Self.run(repository, base: base, head: head)
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(run.annotations.isEmpty)
        #expect(run.comment?.contains("No String Catalog changed") == true)
        // Without a comment, nothing is written for one.
        #expect(try Self.run(repository, base: base, head: head, inputs: ["comment": "false"]).comment == nil)
    }

    @Test("paths narrow the catalogs looked at")
    func paths() throws {
        let (repository, base, head) = try Self.pullRequest { repository in
            try repository.write(B.catalog([("%lld files", B.entry([("de", B.text("%@ Dateien")), ("en", B.text("%lld files"))])),
                                             ("Save", B.entry([("de", B.text("Sichern")), ("en", B.text("Save"))]))]),
                                 to: "App/Localizable.xcstrings")
            try repository.write(B.catalog([("Other", B.entry([("en", B.text("Other")), ("fr", B.text("Autre"))]))]),
                                 to: "Other/Other.xcstrings")
        }
        let run = try Self.run(repository, base: base, head: head, inputs: ["paths": "Other/*.xcstrings"])
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(!run.annotations.contains("App/Localizable.xcstrings"))
        let comment = try #require(run.comment)
        #expect(comment.contains("Other/Other.xcstrings") && !comment.contains("App/Localizable.xcstrings"))
    }

    @Test("a renamed catalog is compared with its old self, a deleted one is in the comment, a path in any script is found")
    func renamesDeletionsAndNames() throws {
        let (repository, base, head) = try Self.pullRequest { repository in
            try repository.git("mv", "Other/Other.xcstrings", "Other/Renamed.xcstrings")
            try repository.git("rm", "-q", "App/Localizable.xcstrings")
        }
        let run = try Self.run(repository, base: base, head: head)
        let comment = try #require(run.comment)
        #expect(comment.contains("Other/Other.xcstrings → Other/Renamed.xcstrings") && comment.contains("Renamed, content unchanged."), "\(comment)")
        #expect(comment.contains("### <code>App/Localizable.xcstrings</code>") && comment.contains("Entries: 2 removed."), "\(comment)")
        #expect(run.result.status == 0, "\(run.result.stdout)")
        // A name git quotes (core.quotePath): found all the same.
        let (named, namedBase, namedHead) = try Self.pullRequest { repository in
            try repository.write(B.catalog([("Hallo", B.entry([("de", B.text("%@ Welt")), ("en", B.text("%lld world"))]))]),
                                 to: "Übersetzung/日本 語.xcstrings")
        }
        let unicode = try Self.run(named, base: namedBase, head: namedHead)
        #expect(unicode.comment?.contains("### <code>Übersetzung/日本 語.xcstrings</code>") == true, "\(unicode.comment ?? "")")
        #expect(unicode.annotations.contains("::error file=Übersetzung/日本 語.xcstrings,line="), "\(unicode.annotations)")
        #expect(unicode.result.status == 1)
    }

    @Test("a shallow checkout of the head: the history back to the merge base is fetched, then all goes as usual")
    func shallowCheckout() throws {
        let (repository, base, head) = try Self.pullRequest { repository in
            try repository.write(B.catalog([("%lld files", B.entry([("en", B.text("%lld files"))])),
                                             ("Save", B.entry([("de", B.text("Sichern")), ("en", B.text("Save")), ("fr", B.text("Enregistrer"))]))]),
                                 to: "App/Localizable.xcstrings")
        }
        // As actions/checkout leaves it: one commit, fetched from the repository as origin.
        let clone = try TemporaryDirectory()
        let cloned = try CLI.git(["clone", "-q", "--depth", "1", "--branch", "feature", "file://" + repository.url.path, "work"], in: clone.url)
        try #require(cloned.status == 0, "\(cloned.stderr)")
        let run = try Self.run(repository, base: base, head: head, in: clone.url.appendingPathComponent("work"))
        #expect(run.result.status == 0, "\(run.result.stdout) \(run.result.stderr)")
        #expect(run.comment?.contains("| fr | 1 | 0 | 0 |") == true, "\(run.comment ?? "")")
    }

    @Test("unrelated histories fail with what to do; an event with no pull request is nothing to do")
    func noMergeBaseAndOtherEvents() throws {
        let (repository, base, _) = try Self.pullRequest { repository in try repository.directory.write("README.md", "changed\n") }
        try repository.git("checkout", "-q", "--orphan", "unrelated")
        try repository.write(B.catalog([("Other", B.entry([("en", B.text("Other"))]))]), to: "App/Localizable.xcstrings")
        try repository.commitAll("unrelated")
        let unrelated = try repository.git("rev-parse", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let run = try Self.run(repository, base: base, head: unrelated)
        #expect(run.result.status == 2)
        #expect(run.result.stdout.contains("have no merge base; check out with fetch-depth: 0"), "\(run.result.stdout)")
        #expect(run.comment == nil)
        let push = try Self.run(repository, base: base, head: unrelated, event: #"{"ref":"refs/heads/main"}"#)
        #expect(push.result.status == 0 && push.result.stdout.contains("::notice::"), "\(push.result.stdout)")
    }

    @Test("a catalog that is not JSON: its json finding annotated, the step fails, the comment still made")
    func notJSON() throws {
        let (repository, base, head) = try Self.pullRequest { repository in
            try repository.directory.write("App/Localizable.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  <<<<<<< ours\n}\n")
        }
        let run = try Self.run(repository, base: base, head: head)
        #expect(run.result.status == 1, "\(run.result.stdout)")
        #expect(run.annotations.contains("::error file=App/Localizable.xcstrings,line=3"), "\(run.annotations)")
        #expect(run.comment?.hasPrefix("<!-- git-xcstrings ") == true)
    }
}
