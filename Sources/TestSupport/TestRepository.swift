import Foundation
import SemanticDiff

/// A git repository made in a temporary directory, with what tests do in
/// it: commits of catalogs, git commands, git-xcstrings commands.
public final class TestRepository {
    public let directory: TemporaryDirectory
    public var url: URL { directory.url }

    /// `git init` on branch `main`; with `installingDriver`, `git xcstrings install` too.
    public init(installingDriver: Bool = false) throws {
        directory = try TemporaryDirectory()
        try git("init", "-q", "-b", "main")
        if installingDriver {
            let install = try run(["install"])
            guard install.status == 0 else { throw TestFailure("git xcstrings install failed: \(install.stderr)") }
        }
    }

    /// `git ARGUMENTS` at the top of the work tree (`GIT_EDITOR=true`, so nothing waits for an editor).
    @discardableResult
    public func git(_ arguments: String...) throws -> CLI.Result {
        try git(arguments)
    }

    @discardableResult
    public func git(_ arguments: [String], environment: [String: String] = [:]) throws -> CLI.Result {
        try CLI.git(arguments, in: url, environment: ["GIT_EDITOR": "true"].merging(environment) { $1 })
    }

    /// `git-xcstrings ARGUMENTS`, from the top or from `subdirectory`.
    @discardableResult
    public func run(_ arguments: [String], from subdirectory: String? = nil) throws -> CLI.Result {
        try CLI.run(arguments, in: subdirectory.map { url.appendingPathComponent($0) } ?? url)
    }

    /// Writes `catalog` at `path` in Xcode's layout.
    public func write(_ catalog: JSONValue, to path: String) throws {
        try directory.write(path, catalog.xcodeLayout())
    }

    /// Writes `catalog` at `path` and commits everything.
    public func commit(_ catalog: JSONValue, at path: String, _ message: String) throws {
        try write(catalog, to: path)
        try commitAll(message)
    }

    /// `git add -A` and `git commit`.
    public func commitAll(_ message: String) throws {
        try git("add", "-A")
        let commit = try git("commit", "-q", "-m", message)
        guard commit.status == 0 else { throw TestFailure("git commit failed: \(commit.stderr)") }
    }

    /// The catalog at `path` in the work tree, parsed.
    public func catalog(at path: String) throws -> JSONValue {
        let document = try JSONDocument(parsing: directory.bytes(path))
        return JSONValue(document, document.root)
    }

    /// `git ls-files --stage`: every index entry with its mode, blob and stage.
    public func stages() throws -> String { try git("ls-files", "--stage").stdout }

    /// `git ls-files -u`: the conflicted entries.
    public func unmerged() throws -> String { try git("ls-files", "-u").stdout }
}

/// A test's set-up that did not go as it must.
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
