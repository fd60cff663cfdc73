import DriverCommands
import GitLayer
import GitProcess
import PlatformLayer
import SemanticDiff
/// `git xcstrings completion SHELL`: tab completion of the commands and
/// their options, written from the commands' own option lists.
enum CompletionCommand: Command {
    static let name = "completion"
    static let synopsis = "git xcstrings completion bash|zsh|fish"
    static let summary = "Print a shell completion script for git xcstrings."
    static let details = """
        bash (hooked into git's own completion as _git_xcstrings, so that
        `git xcstrings <TAB>` completes):
          git xcstrings completion bash > ~/.local/share/bash-completion/completions/git-xcstrings
          (or add `eval "$(git xcstrings completion bash)"` to ~/.bashrc, after git's completion)
        zsh (with git's zsh completion, which calls _git-xcstrings):
          git xcstrings completion zsh > "${fpath[1]}/_git-xcstrings"
        fish:
          git xcstrings completion fish > ~/.config/fish/completions/git-xcstrings.fish

        Commands and options complete; files complete where a command takes them.
        """
    static let spec = Arguments.Spec(flags: ["help"], aliases: ["h": "help"])

    static func run(_ arguments: Arguments, keyOrder: KeyOrder) -> Int32 {
        guard arguments.positional.count == 1 else { return Tool.usageFailure(self, "name one shell: bash, zsh or fish") }
        switch arguments.positional[0] {
        case "bash": Console.out(bash())
        case "zsh": Console.out(zsh())
        case "fish": Console.out(fish())
        case let other: return Tool.usageFailure(self, "no completion for '\(other)': bash, zsh or fish")
        }
        return ExitStatus.success
    }

    /// Every command's name and long options (`--color=` for those with a value).
    static var table: [(name: String, options: [String])] {
        Tool.commands.map { command in
            let spec = command.spec
            let options = spec.flags.map { "--\($0)" } + spec.options.map { "--\($0)=" } + spec.optionalValues.map { "--\($0)" }
            return (command.name, options.filter { $0 != "--git-external" }.sorted())
        } + [("help", [])]
    }

    static func bash() -> String {
        let names = table.map(\.name).joined(separator: " ")
        var cases = ""
        for (name, options) in table where !options.isEmpty {
            cases += "        \(name)) __gitcomp \"\(options.joined(separator: " "))\" ;;\n"
        }
        return """
            # bash completion for git xcstrings (git's completion calls _git_xcstrings)
            _git_xcstrings () {
                local subcommand="$(__git_find_on_cmdline "\(names)")"
                if [ -z "$subcommand" ]; then
                    __gitcomp "\(names)"
                    return
                fi
                case "$subcommand,$cur" in
                help,*) __gitcomp "\(table.map(\.name).filter { $0 != "help" }.joined(separator: " "))" ; return ;;
                completion,*) __gitcomp "bash zsh fish" ; return ;;
                esac
                case "$cur" in
                --*)
                    case "$subcommand" in
            \(cases)        esac
                    ;;
                *) __git_complete_file 2>/dev/null || COMPREPLY=($(compgen -f -- "$cur")) ;;
                esac
            }

            """
    }

    static func zsh() -> String {
        var cases = ""
        for (name, options) in table {
            let described = options.map { "'\($0.hasSuffix("=") ? String($0.dropLast()) + "=[value]:value" : $0)'" }.joined(separator: " ")
            cases += "    (\(name)) _arguments \(described) '*:file:_files' ;;\n"
        }
        let commands = Tool.commands.map { "'\($0.name):\($0.summary.replacingAll("'", with: "'\\''"))'" }.joined(separator: " ")
        return """
            #compdef git-xcstrings
            # zsh completion for git xcstrings (git's zsh completion calls _git-xcstrings)
            _git-xcstrings () {
              local -a commands
              commands=(\(commands) 'help:show a command'"'"'s help' 'completion:print a completion script')
              if (( CURRENT == 2 )); then
                _describe -t commands 'git xcstrings command' commands
                return
              fi
              case $words[2] in
            \(cases)  esac
            }
            _git-xcstrings "$@"

            """
    }

    static func fish() -> String {
        var lines = ["# fish completion for git xcstrings",
                     "complete -c git -n '__fish_seen_subcommand_from xcstrings; and not __fish_seen_subcommand_from \(table.map(\.name).joined(separator: " "))' -f -a '\(table.map(\.name).joined(separator: " "))'"]
        for (name, options) in table {
            for option in options {
                let long = option.dropFirst(2).replacingOccurrences("=")
                lines.append("complete -c git -n '__fish_seen_subcommand_from xcstrings; and __fish_seen_subcommand_from \(name)' -l \(long)\(option.hasSuffix("=") ? " -r" : "")")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

private extension Substring {
    func replacingOccurrences(_ character: Character) -> String { String(filter { $0 != character }) }
}
