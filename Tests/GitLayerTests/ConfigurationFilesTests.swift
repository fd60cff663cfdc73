import Foundation
@testable import GitLayer
import TestSupport
import Testing

/// git's configuration read from its files without libgit2 finds what
/// `git config --get` finds, in the same repository and environment, or
/// says it cannot decide.
@Suite("git configuration from its files")
struct ConfigurationFilesTests {
    /// What git says and what the files say, in `directory` with `extra` in the environment.
    func both(_ fixture: TestRepository, in directory: String? = nil, _ extra: [String: String] = [:])
        throws -> (git: String?, files: ConfigurationFiles.Lookup) {
        let top = fixture.url.path
        var environment = ["HOME": top, "XDG_CONFIG_HOME": top + "/.config", "GIT_CONFIG_NOSYSTEM": "1"]
        environment.merge(extra) { $1 }
        let place = directory.map { top + "/" + $0 } ?? top
        let git = try CLI.git(["config", "--get", "merge.conflictStyle"], in: URL(fileURLWithPath: place), environment: extra)
        let files = ConfigurationFiles(directory: place, environment: { environment[$0] })
        // git exits 1 when the setting is unset; another failure (a file it refuses) must leave the files undecided.
        let answer = git.status == 0 ? git.stdout.trimmingCharacters(in: .newlines) : git.status == 1 ? nil : "git failed"
        return (answer, files.value("merge.conflictStyle"))
    }

    @Test("files git reads, in git's order: global, XDG, the repository's, from a subdirectory")
    func order() throws {
        let fixture = try TestRepository()
        #expect(try both(fixture) == (nil, .value(nil)))
        try fixture.directory.write(".config/git/config", "[merge]\n\tconflictStyle = zdiff3\n")
        #expect(try both(fixture) == ("zdiff3", .value("zdiff3")))
        try fixture.directory.write(".gitconfig", "[merge]\n\tconflictstyle = diff3\n")
        #expect(try both(fixture) == ("diff3", .value("diff3")))
        try fixture.git("config", "merge.conflictStyle", "merge")
        try fixture.directory.write("App/Sub/keep", "")
        #expect(try both(fixture, in: "App/Sub") == ("merge", .value("merge")))
        let global = fixture.directory.path("elsewhere.gitconfig")
        try fixture.directory.write("elsewhere.gitconfig", "[merge]\nconflictStyle=zdiff3\n")
        try fixture.git("config", "--unset", "merge.conflictStyle")
        #expect(try both(fixture, ["GIT_CONFIG_GLOBAL": global]) == ("zdiff3", .value("zdiff3")))
    }

    @Test("the syntax git reads: case, quotes, comments, escapes, subsections that are not the section", arguments: [
        "[MERGE]\n    CONFLICTSTYLE=diff3\n",
        "[merge]\n\tconflictStyle = \"zdiff3\" # the base too\n",
        "[merge]  ; comment\n\tconflictStyle = di\\\nff3\n",
        "# top\n[merge \"driver\"]\n\tconflictStyle = zdiff3\n[merge]\n\tconflictStyle = diff3 ; done\n",
        "[merge.sub]\n\tconflictStyle = zdiff3\n[merge]\n\tconflictStyle = diff3\n[merge.other]\n\tconflictStyle = zdiff3\n",
        "\u{FEFF}[merge]\r\n\tconflictStyle = diff3\r\n",
        "[core]\n\tpager = less \"-R\"\n[merge]\n\ttool = vimdiff\n\tconflictStyle = diff3\n\tconflictStyle = zdiff3\n",
    ])
    func syntax(_ text: String) throws {
        let fixture = try TestRepository()
        try fixture.directory.write(".gitconfig", text)
        let (git, files) = try both(fixture)
        #expect(files == .value(git), "\(text.debugDescription)")
        #expect(git != nil)
    }

    @Test("an include, or a line git refuses, is left to git")
    func undecided() throws {
        let fixture = try TestRepository()
        try fixture.directory.write("other.gitconfig", "[merge]\n\tconflictStyle = diff3\n")
        try fixture.directory.write(".gitconfig", "[include]\n\tpath = other.gitconfig\n")
        #expect(try both(fixture) == ("diff3", .undecided))
        try fixture.directory.write(".gitconfig", "[includeIf \"gitdir:/\"]\n\tpath = other.gitconfig\n")
        #expect(try both(fixture).files == .undecided)
        try fixture.directory.write(".gitconfig", "[merge\n\tconflictStyle = diff3\n")
        #expect(try both(fixture).files == .undecided)
        try fixture.directory.write(".gitconfig", "[merge]\n\tconflictStyle = \"diff3\n")
        #expect(try both(fixture) == ("git failed", .undecided))
        try fixture.directory.write(".gitconfig", "[core]\n\tpager = less\n\u{FEFF}[merge]\n\tconflictStyle = diff3\n")
        #expect(try both(fixture) == ("git failed", .undecided))
        // A name without a value is true to git, and no style: git refuses it where a string is needed.
        try fixture.directory.write(".gitconfig", "[merge]\n\tconflictStyle\n")
        #expect(try both(fixture).files == .undecided)
    }

    @Test("git -c and GIT_CONFIG_COUNT, as git passes them to a merge driver")
    func environment() throws {
        let fixture = try TestRepository()
        try fixture.git("config", "merge.conflictStyle", "diff3")
        // What `git -c` puts in the environment of the programs it runs.
        let printed = try fixture.git(["-c", "alias.parameters=!printenv GIT_CONFIG_PARAMETERS", "-c", "user.name=it's me",
                                       "-c", "merge.conflictStyle=zdiff3", "parameters"])
        let parameters = printed.stdout.trimmingCharacters(in: .newlines)
        #expect(parameters.contains("zdiff3"))
        #expect(try both(fixture, ["GIT_CONFIG_PARAMETERS": parameters]) == ("zdiff3", .value("zdiff3")))
        #expect(ConfigurationFiles.parameters("'a.b'='it'\\''s' 'c.d=e' 'f.g' 'h.i'=''\\!'x'")?.map { "\($0.0)=\($0.1 ?? "nil")" }
                == ["a.b=it's", "c.d=e", "f.g=nil", "h.i=!x"])
        #expect(ConfigurationFiles.parameters("'a.b'='unterminated") == nil)
        let counted = ["GIT_CONFIG_COUNT": "2", "GIT_CONFIG_KEY_0": "merge.conflictStyle", "GIT_CONFIG_VALUE_0": "merge",
                       "GIT_CONFIG_KEY_1": "user.name", "GIT_CONFIG_VALUE_1": "x"]
        #expect(try both(fixture, counted) == ("merge", .value("merge")))
    }

    @Test("what git reads differently from the obvious: empty GIT_CONFIG_GLOBAL and _SYSTEM, a NUL in a value, numbers as strtol reads them, any blank between parameters, includes given with -c")
    func gitsOwnReadings() throws {
        let fixture = try TestRepository()
        try fixture.directory.write(".gitconfig", "[merge]\n\tconflictStyle = diff3\n")
        #expect(try both(fixture, ["GIT_CONFIG_GLOBAL": ""]) == (nil, .value(nil)))
        let system = fixture.directory.path("system.gitconfig")
        try fixture.directory.write("system.gitconfig", "[merge]\n\tconflictStyle = zdiff3\n")
        try fixture.directory.write(".gitconfig", "")
        for (setting, expected) in [("0x1", nil), ("1k", nil), (" 1", nil), ("0", "zdiff3"), ("", "zdiff3")] as [(String, String?)] {
            #expect(try both(fixture, ["GIT_CONFIG_SYSTEM": system, "GIT_CONFIG_NOSYSTEM": setting]) == (expected, .value(expected)), "NOSYSTEM=\(setting)")
        }
        #expect(try both(fixture, ["GIT_CONFIG_SYSTEM": "", "GIT_CONFIG_NOSYSTEM": "0"]) == (nil, .value(nil)))
        try fixture.directory.write(".gitconfig", Array("[merge]\n\tconflictStyle = diff3\u{0}junk\n".utf8))
        #expect(try both(fixture) == ("diff3", .value("diff3")))
        let separated = "'a.b'='c'\t'merge.conflictStyle'='zdiff3'\n"
        #expect(try both(fixture, ["GIT_CONFIG_PARAMETERS": separated]) == ("zdiff3", .value("zdiff3")))
        #expect(try both(fixture, ["GIT_CONFIG_COUNT": " 1", "GIT_CONFIG_KEY_0": "merge.conflictStyle", "GIT_CONFIG_VALUE_0": "merge"])
                == ("merge", .value("merge")))
        let included = fixture.directory.path("included.gitconfig")
        try fixture.directory.write("included.gitconfig", "[merge]\n\tconflictStyle = zdiff3\n")
        #expect(try both(fixture, ["GIT_CONFIG_PARAMETERS": "'include.path'='\(included)'"]) == ("zdiff3", .undecided))
        #expect(ConfigurationFiles.integer("0x10") == 16 && ConfigurationFiles.integer("2m") == 2 << 20 && ConfigurationFiles.integer("1x") == nil)
    }

    @Test("a linked worktree reads the common directory's config, and its own config.worktree when enabled")
    func worktree() throws {
        let fixture = try TestRepository()
        try fixture.directory.write("README", "x\n")
        try fixture.git("add", "README")
        try fixture.git("commit", "-qm", "one")
        try fixture.git("config", "merge.conflictStyle", "diff3")
        try fixture.git("worktree", "add", "-q", "linked", "-b", "other")
        #expect(try both(fixture, in: "linked") == ("diff3", .value("diff3")))
        try fixture.git("config", "extensions.worktreeConfig", "true")
        try CLI.git(["config", "--worktree", "merge.conflictStyle", "zdiff3"], in: fixture.url.appendingPathComponent("linked"))
        #expect(try both(fixture, in: "linked") == ("zdiff3", .value("zdiff3")))
        #expect(try both(fixture) == ("diff3", .value("diff3")))
    }

    @Test("settings with subsections, many at once: as git config --get finds each, in the files and with git -c")
    func subsections() throws {
        let fixture = try TestRepository()
        let names: Set<String> = ["xcstrings.check.disable", "xcstrings.check.severity.state", "xcstrings.check.severity.layout",
                                  "xcstrings.Check.disable"]
        let texts = [
            "[xcstrings \"check\"]\n\tdisable = state, layout\n[xcstrings \"check.severity\"]\n\tstate = info\n",
            // The older form lowers its subsection; the quoted one keeps its case.
            "[xcstrings.Check.Severity]\n\tLAYOUT = warning\n[xcstrings \"Check\"]\n\tdisable = json\n",
            "[XCSTRINGS \"check\"]\n\tdisable = a\n\tdisable = b\n[xcstrings \"check.severity\"]\n\tstate = off\n",
        ]
        for text in texts {
            try fixture.directory.write(".gitconfig", text)
            let top = fixture.url.path
            let environment = ["HOME": top, "XDG_CONFIG_HOME": top + "/.config", "GIT_CONFIG_NOSYSTEM": "1"]
            let files = ConfigurationFiles(directory: top, environment: { environment[$0] })
            var expected: [String: String] = [:]
            for name in names {
                let git = try CLI.git(["config", "--get", name], in: fixture.url)
                if git.status == 0 { expected[name] = git.stdout.trimmingCharacters(in: .newlines) }
            }
            #expect(!expected.isEmpty)
            #expect(files.values(names) == expected, "\(text.debugDescription)")
        }
        let parameters = "'xcstrings.check.severity.STATE'='error' 'xcstrings.Check.disable'='x'"
        let environment = ["HOME": fixture.url.path, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_PARAMETERS": parameters]
        let files = ConfigurationFiles(directory: fixture.url.path, environment: { environment[$0] })
        #expect(files.values(names)?["xcstrings.check.severity.state"] == "error")
        #expect(files.values(names)?["xcstrings.Check.disable"] == "x")
        try fixture.directory.write(".gitconfig", "[xcstrings \"check\"]\n\tdisable\n")
        #expect(ConfigurationFiles(directory: fixture.url.path, environment: { ["HOME": fixture.url.path][$0] }).values(names) == nil)
    }
}
