import PlatformLayer
import SemanticDiff

/// `git xcstrings textconv FILE`: a catalog as one line per translation, for git's diffs.
package enum TextconvCommand: Command {
    package static let name = "textconv"
    package static let synopsis = "git xcstrings textconv FILE"
    package static let summary = "Print a catalog as one line per translation (git's diff.xcstrings.textconv)."
    package static let details = """
        options:
          -h, --help   show this help

        `git xcstrings install` sets diff.xcstrings.textconv, so that git diff,
        git log -p, git show and GUIs show one readable line per changed
        translation:  "KEY" LANG[ VARIANT] = "VALUE" [STATE]. A file that is
        not valid JSON is printed as it is, with a warning.
        """
    package static let spec = Arguments.Spec(flags: ["help"], aliases: ["h": "help"])

    package static func run(_ arguments: Arguments, keyOrder: KeyOrder) -> Int32 {
        let files = arguments.positional + (arguments.afterSeparator ?? [])
        guard files.count == 1 else { return Runner.usageFailure(self, "expected one FILE") }
        let bytes: [UInt8]
        do {
            bytes = try Files.read(files[0])
        } catch {
            Console.error("error: \(error)")
            return ExitStatus.failure
        }
        do {
            // A large catalog is read by two threads (JSONSecondHalf).
            let workers = Workers(1, worthIt: bytes.count >= JSONReader.secondHalfMinimum)
            Console.out(TextConversion.text(try workers.readCatalog(Bytes(bytes)), keyOrder: keyOrder))
        } catch {
            Console.error("warning: \(files[0]):\(error); shown as it is")
            Console.write(bytes)
        }
        return ExitStatus.success
    }
}
