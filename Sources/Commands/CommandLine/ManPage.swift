import DriverCommands
import GitLayer
import GitProcess
import PlatformLayer
import SemanticDiff
/// `git-xcstrings(1)`, written from the same texts as `--help`, so that
/// `git xcstrings --help` (which git turns into `man git-xcstrings`) and
/// `git help xcstrings` show what the commands say of themselves.
enum ManPage {
    /// The page in roff (`man -l` reads it).
    static func roff(commands: [any Command.Type], version: String) -> String {
        var page = """
            .TH GIT-XCSTRINGS 1 "" "git-xcstrings \(version)" "Git Manual"
            .ad l
            .nh
            .SH NAME
            git-xcstrings \\- merge driver and semantic diff for Apple String Catalogs (.xcstrings)
            .SH SYNOPSIS
            .B git xcstrings
            .I command
            .RI [ args ]
            .SH DESCRIPTION
            Merges String Catalogs by meaning (keys, languages, plural categories,
            device variations, substitutions), leaves only true conflicts as small
            conflict hunks, writes the file as Xcode does, and shows what changed per
            language. Registered once as a merge driver (git xcstrings install), it
            works in merges, rebases, cherry-picks and pulls.
            .SH COMMANDS

            """
        for command in commands {
            page += ".SS \(escaped(command.name))\n"
            page += ".B \(escaped(command.synopsis))\n.PP\n\(escaped(command.summary))\n"
            page += ".PP\n.nf\n" + command.details.split(separator: "\n", omittingEmptySubsequences: false)
                .map { escaped(String($0)) }.joined(separator: "\n") + "\n.fi\n"
        }
        page += """
            .SH SEE ALSO
            git xcstrings help COMMAND prints one command's help;
            .BR gitattributes (5)
            and
            .BR git-merge (1)
            on merge drivers.

            """
        return page
    }

    /// A line of text as roff shows it: backslashes doubled, a line that
    /// would start with a control character protected.
    static func escaped(_ line: String) -> String {
        var text = line.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
        if text.hasPrefix(".") || text.hasPrefix("'") { text = "\\&" + text }
        return text
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
