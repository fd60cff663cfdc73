import DriverCommands
import GitLayer
import GitProcess
import PlatformLayer
import SemanticDiff
/// `git xcstrings install`: register the drivers with git.
enum InstallCommand: Command {
    static let name = "install"
    static let synopsis = "git xcstrings install [--global | --hooks] [--absolute]"
    static let summary = "Register the merge driver with git (once per repository, or --global)."
    static let details = """
        options:
          --global     write to your global git configuration and global
                       attributes file instead of this repository's
          --hooks      also install a pre-commit hook (in core.hooksPath or
                       .git/hooks) that runs `check --staged` and `fmt --check`
                       on the catalogs each commit changes; a hook that is
                       not git-xcstrings' is never replaced (exit 1, with the
                       lines to add to it)
          --absolute   name this executable by its absolute path in the driver
                       and textconv commands, for GUI clients (Xcode, Fork,
                       Tower, SourceTree) that run git with a short PATH
          -h, --help   show this help

        It sets, and nothing else:
          merge.xcstrings.name      "String Catalog merge (git-xcstrings)"
          merge.xcstrings.driver    git-xcstrings-merge --marker-size %L --path %P … %O %A %B
          diff.xcstrings.textconv   git-xcstrings-merge --textconv (git diff, log -p, GUIs)
                                    (git-xcstrings merge … and git-xcstrings textconv
                                    where git-xcstrings-merge is not installed next
                                    to git-xcstrings)
          the attributes line       \(DriverSetup.attributesLine)

        Writes merge.xcstrings.name, merge.xcstrings.driver and
        diff.xcstrings.textconv (so git diff and git log -p show one line per
        translation) into .git/config (or ~/.gitconfig) with git config, and
        adds the line
            \(DriverSetup.attributesLine)
        to .gitattributes at the top of the work tree (or git's global
        attributes file) unless it is there. Run it again at any time: it
        changes only what is missing or an earlier install wrote; a setting of
        another tool under the same name is kept, with a warning, and the exit
        status is 1. Works from any directory of the work tree. Commit
        .gitattributes so that everyone who clones uses the driver (each of
        them runs install once, for the configuration). When the PATH that GUI
        clients see (/usr/bin:/bin:/usr/sbin:/sbin) does not reach
        git-xcstrings, it says so: use --absolute.
        `git xcstrings uninstall` removes exactly what it adds.
        """
    static let spec = Arguments.Spec(flags: ["global", "hooks", "absolute", "help"], aliases: ["h": "help"])

    static func run(_ arguments: Arguments, keyOrder: KeyOrder) -> Int32 {
        guard arguments.positional.isEmpty else { return Tool.usageFailure(self, "unexpected argument '\(arguments.positional[0])'") }
        if arguments.has("hooks") && arguments.has("global") {
            return Tool.usageFailure(self, "hooks belong to a repository: run --hooks in each (or point core.hooksPath at one directory)")
        }
        let setup = DriverSetup(scope: arguments.has("global") ? .global : .repository,
                                executable: executableCommand(absolute: arguments.has("absolute")),
                                perFileProgram: perFileProgramCommand(absolute: arguments.has("absolute")),
                                gitPassesLabels: gitPassesLabels())
        do {
            let report = try setup.install()
            if report.changes.isEmpty && report.keptAlone.isEmpty {
                Console.out("git-xcstrings is already installed\(arguments.has("global") ? " globally" : " in this repository")\n")
            }
            for change in report.changes { Console.out(change + "\n") }
            for kept in report.keptAlone { Console.error("warning: " + kept) }
            var status = report.keptAlone.isEmpty ? ExitStatus.success : ExitStatus.attention
            if arguments.has("hooks") {
                let directory = try RepositoryLocation.gitPath("hooks") + "/"
                switch try PreCommitHook(executable: executableCommand(absolute: arguments.has("absolute"))).install(in: directory) {
                case .installed(let path): Console.out("installed the pre-commit hook \(path)\n")
                case .unchanged(let path): Console.out("the pre-commit hook \(path) is already installed\n")
                case .refused(let message):
                    Console.error("warning: " + message)
                    status = ExitStatus.attention
                }
            }
            if !arguments.has("absolute"), let warning = guiPathWarning(mergeDriver: setup.mergeDriver) { Console.error("warning: " + warning) }
            if !arguments.has("global") && report.changes.contains(where: { $0.contains(".gitattributes") }) {
                Console.out("next: commit .gitattributes so that your team uses the driver (git add .gitattributes && git commit)\n")
            }
            return status
        } catch {
            Console.error("error: \(error)")
            return ExitStatus.failure
        }
    }

    /// The directories on the PATH GUI clients give git (launchd's default on macOS).
    static let guiPath = ["/usr/bin", "/bin", "/usr/sbin", "/sbin"]

    /// A warning when git would find this executable (or the merge driver's)
    /// by name only on a PATH longer than the one GUI clients use; nil when
    /// they find it too.
    static func guiPathWarning(mergeDriver: String) -> String? {
        var byName: [String] = []
        if executableCommand(absolute: false) == "git-xcstrings" { byName.append("git-xcstrings") }
        if mergeDriver == "git-xcstrings-merge" { byName.append("git-xcstrings-merge") }
        for name in byName {
            guard let found = ProcessEnvironment.which(name) else { continue }
            let directory = String(found[..<(found.lastIndex(of: "/") ?? found.endIndex)])
            guard !guiPath.contains(directory) else { continue }
            return "GUI clients (Xcode, Fork, Tower, SourceTree) run git with PATH=\(guiPath.joined(separator: ":")) and will not find "
                + "\(name) in \(directory): run git xcstrings install --absolute"
        }
        return nil
    }

    /// How git should run this executable: by name when that is what PATH
    /// finds, else by the path it was started by (quoted for the shell),
    /// never resolved through symbolic links: Homebrew's
    /// `/opt/homebrew/bin/git-xcstrings` outlives an upgrade, the versioned
    /// path it links to does not.
    static func executableCommand(absolute: Bool = false) -> String {
        guard let running = ProcessEnvironment.invokedPath() else { return "git-xcstrings" }
        return command(running, named: "git-xcstrings", absolute: absolute)
    }

    /// How git should run the merge driver and textconv: `git-xcstrings-merge`,
    /// the program git starts once per file (it loads no libgit2), when it is
    /// installed next to this executable, is this version, and can be named
    /// as git-xcstrings is (by name when PATH finds both, else by path); nil
    /// (`git-xcstrings merge`, `git-xcstrings textconv`) otherwise.
    static func perFileProgramCommand(absolute: Bool = false) -> String? {
        let tool = executableCommand(absolute: absolute)
        guard let program = ProcessEnvironment.invokedPath().flatMap({ invoked -> String? in
            guard let slash = invoked.lastIndex(of: "/") else { return nil }
            let candidate = String(invoked[...slash]) + "git-xcstrings-merge"
            return Files.isRegularFile(candidate) ? candidate : nil
        }), let answer = Subprocess.run([program, "--version"]), answer.status == 0,
              String(decoding: answer.output, as: UTF8.self) == "git-xcstrings-merge \(Tool.version)\n" else { return nil }
        let command = command(program, named: "git-xcstrings-merge", absolute: absolute)
        return (tool == "git-xcstrings") == (command == "git-xcstrings-merge") ? command : nil
    }

    /// `program` by `name` when that is what PATH finds, else by its absolute path (quoted for the shell).
    static func command(_ program: String, named name: String, absolute: Bool) -> String {
        if absolute { return RepositoryPath.shellQuoted(program) }
        if let found = ProcessEnvironment.which(name), ProcessEnvironment.realPath(found) == ProcessEnvironment.realPath(program) {
            return name
        }
        return RepositoryPath.shellQuoted(program)
    }

    /// Whether the installed git passes %S %X %Y to merge drivers (2.44+).
    static func gitPassesLabels() -> Bool {
        guard let output = Git.run(["--version"])?.text else { return false }
        let numbers = output.split(separator: " ").dropFirst(2).first?.split(separator: ".").compactMap { Int($0) } ?? []
        guard numbers.count >= 2 else { return false }
        return numbers[0] > 2 || (numbers[0] == 2 && numbers[1] >= 44)
    }
}
