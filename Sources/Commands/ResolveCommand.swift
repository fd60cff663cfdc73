import DriverCommands
import GitLayer
import GitProcess
import PlatformLayer
import SemanticDiff
/// `git xcstrings resolve`: merges again, by meaning, catalogs that git's
/// line merge already left conflicted in the index.
enum ResolveCommand: Command {
    static let name = "resolve"
    static let synopsis = "git xcstrings resolve [--ours | --theirs] [--no-add] [--dry-run] [--force] [-v] [PATH…]"
    static let summary = "Repair catalogs already conflicted by a merge, rebase, cherry-pick, revert or stash pop."
    static let details = """
        options:
          --ours, --theirs   settle the true conflicts by taking that side, each
                             translation so taken marked needs_review
          --no-add           write the merged catalogs but do not stage them
          -n, --dry-run      write nothing; say what would be done
          -f, --force        merge again even a file edited since git wrote it
          -v, --verbose      list every decision a rule made, and every conflict
          -h, --help         show this help

        Every conflicted .xcstrings path in the index (or those under PATH) is
        merged again from the index's three stages with the driver's rules,
        and written to the work tree. A clean result is staged, as git add
        would; true conflicts stay in the file as small hunks and the path
        stays conflicted. Both sides adding the catalog merges them against an
        empty one; a catalog deleted on one side and modified on the other
        keeps the modified one. A stage that is not valid JSON is left as it
        is. So is a work-tree file someone edited since git's merge wrote it
        (it is neither git's line merge of the stages nor either side), unless
        --force. git's index.lock is taken first: while another git holds it,
        nothing is changed.
        The summary line counts the keys either side changed, the translations
        taken from each side (changed by it alone) and changed by both, states
        settled by precedence, placeholders replaced by a translation,
        needs_review marks and conflicts; with --ours or --theirs, each settled
        conflict with the side taken and the state it has now.
        Exit status: 0 when every catalog is resolved (or none is conflicted),
        1 when conflicts remain, 2 on errors.
        """
    static let spec = Arguments.Spec(flags: ["ours", "theirs", "no-add", "dry-run", "force", "verbose", "help"],
                                     aliases: ["h": "help", "n": "dry-run", "f": "force", "v": "verbose"])

    /// How resolving one path went.
    enum Outcome: Int, Comparable {
        case resolved, conflicted, failed

        static func < (a: Outcome, b: Outcome) -> Bool { a.rawValue < b.rawValue }
    }

    struct Options {
        var settling: Side?
        var stage: Bool
        var dryRun: Bool
        var force: Bool
        var verbose = false
        var keyOrder: KeyOrder
    }

    static func run(_ arguments: Arguments, keyOrder: KeyOrder) -> Int32 {
        if arguments.has("ours") && arguments.has("theirs") {
            return Tool.usageFailure(self, "--ours and --theirs cannot be used together")
        }
        let options = Options(settling: arguments.has("ours") ? .ours : arguments.has("theirs") ? .theirs : nil,
                              stage: !arguments.has("no-add"), dryRun: arguments.has("dry-run"), force: arguments.has("force"),
                              verbose: arguments.has("verbose"), keyOrder: keyOrder)
        let repository: Repository
        let index: Index
        let conflicts: [IndexConflict]
        let prefix: String
        // Held from before anything is read until the index is written.
        var lock: IndexLock?
        do {
            repository = try Repository.open().0
            guard repository.workTree != nil else { throw GitError("resolve needs a work tree; this repository is bare") }
            prefix = repository.location.prefix
            index = try repository.index()
            if !options.dryRun { lock = try index.lock() }
            conflicts = try index.conflicts()
        } catch {
            Console.error("error: \(error)")
            return ExitStatus.failure
        }
        let given = arguments.positional + (arguments.afterSeparator ?? [])
        let limits = given.map { RepositoryPath.normalize(prefix + $0) }
        func isUnder(_ path: String, _ limit: String) -> Bool { limit.isEmpty || path == limit || path.hasPrefix(limit + "/") }
        let catalogs = conflicts.filter { Files.isCatalogName($0.path) }
        let targeted = catalogs.filter { conflict in limits.isEmpty || limits.contains { isUnder(conflict.path, $0) } }
        // A PATH that matches no conflicted path at all is a mistake, as it is to git add.
        if let unmatched = zip(given, limits).first(where: { _, limit in !conflicts.contains { isUnder($0.path, limit) } }) {
            var message = "'\(unmatched.0)' is not a conflicted path"
            if !catalogs.isEmpty {
                message += "; conflicted catalogs: " + catalogs.map { RepositoryPath.relative($0.path, to: prefix) }.joined(separator: ", ")
            }
            Console.error("error: " + message)
            return ExitStatus.failure
        }
        guard !targeted.isEmpty else {
            let others = conflicts.count
            var message = limits.isEmpty ? "no conflicted catalog in the index" : "no conflicted catalog under \(given.joined(separator: ", "))"
            if others > 0 { message += " (\(others) other conflicted path\(others == 1 ? "" : "s") left alone)" }
            Console.line(message)
            return ExitStatus.success
        }

        let operation = repository.operation()
        Console.line(operation.description)
        let labels = operation.labels
        let style = GitConfig.conflictStyle()
        let markers = ConflictMarkers(style: style, oursLabel: labels.ours, baseLabel: labels.base, theirsLabel: labels.theirs)
        var worst = Outcome.resolved
        var staged = 0
        for conflict in targeted {
            // Markers as long as git's for this path (the conflict-marker-size attribute).
            var markers = markers
            if let size = repository.attribute("conflict-marker-size", path: conflict.path).flatMap(Int.init), size > 0 { markers.size = size }
            let outcome = resolve(conflict, in: repository, index: index, markers: markers, options: options,
                                  shown: RepositoryPath.relative(conflict.path, to: prefix))
            worst = max(worst, outcome)
            if outcome == .resolved && options.stage && !options.dryRun { staged += 1 }
        }
        if staged > 0, let lock {
            do {
                try index.write(releasing: lock)
            } catch {
                Console.error("error: \(error); the catalogs above were written but not staged: git add them once the index is free")
                return ExitStatus.failure
            }
        }
        if worst == .resolved && staged == conflicts.count, let next = nextStep(operation.kind) {
            Console.line("every conflict is resolved; next: \(next)")
        }
        switch worst {
        case .resolved: return ExitStatus.success
        case .conflicted: return ExitStatus.attention
        case .failed: return ExitStatus.failure
        }
    }

    /// Merges one conflicted catalog from its stages, writes it and stages it.
    static func resolve(_ conflict: IndexConflict, in repository: Repository, index: Index, markers: ConflictMarkers,
                        options: Options, shown: String) -> Outcome {
        let workFile = repository.workTree! + conflict.path
        let would = options.dryRun ? "would be " : ""
        func fail(_ reason: String) -> Outcome {
            Console.error("error: \(shown): \(reason); left as it is")
            return .failed
        }
        func fail(_ error: any Error) -> Outcome { fail((error as? FileError)?.reason ?? "\(error)") }
        func read(_ id: BlobID) throws -> Bytes { try CatalogSource.blob(id).bytes(in: repository) }
        // A FIFO or a device in the catalog's place would be waited on or read forever: not a file to replace.
        do {
            _ = try AtomicFile.destination(workFile)
        } catch {
            return fail(error.cause)
        }
        // git add would stage a symbolic link itself; the catalog written through it is what is staged.
        let throughLink = Files.isSymbolicLink(workFile)
        func stage(_ bytes: [UInt8]) throws(GitError) {
            if throughLink { try index.add(conflict.path, contents: bytes) } else { try index.add(conflict.path) }
        }

        // Deleted on one side, modified on the other: the modified catalog stays.
        guard let oursID = conflict.ours, let theirsID = conflict.theirs else {
            guard let keptID = conflict.ours ?? conflict.theirs else { return fail("deleted on both sides") }
            let kept = conflict.ours == nil ? "their" : "our"
            let deleted = conflict.ours == nil ? "us" : "them"
            do {
                let bytes = try read(keptID)
                if !options.dryRun, !((try? Files.read(workFile)).map(bytes.equals) ?? false) {
                    try AtomicFile.write(repository.checkedOut(bytes.array, path: conflict.path), to: workFile, replacingReadOnly: true)
                }
                if options.stage && !options.dryRun { try stage(bytes.array) }
            } catch {
                return fail(error)
            }
            Console.line("\(shown): deleted by \(deleted), modified by the other side: kept \(kept) modified catalog"
                        + (options.stage ? "; \(would)staged" : "; \(would)written, not staged"))
            return .resolved
        }

        let contents: [Bytes]
        do {
            contents = [try conflict.base.map(read) ?? Bytes([]), try read(oursID), try read(theirsID)]
        } catch {
            return fail(error)
        }
        let large = contents.reduce(0) { $0 + $1.count } > 1_500_000
        let policy = ConflictResolution(name: shown, markers: markers, settling: options.settling, keyOrder: options.keyOrder)
        let outcome: MergeOutcome
        switch policy.merge(contents, workers: Workers(2, worthIt: large)) {
        case .success(let merged): outcome = merged
        case .failure(let refusal): return fail(refusal.reason)
        }
        let merged = outcome.bytes ?? []

        // A work-tree file someone edited since git wrote it is theirs to keep, unless --force.
        if !options.force, let current = try? Files.read(workFile),
           let refusal = ConflictResolution.handEdit(current, merged: merged, alsoWritten: unsettled(current, contents, options, policy, large),
                                                     contents: contents, path: conflict.path, shown: shown) {
            Console.error("\(shown): \(refusal.reason)")
            return .conflicted
        }
        if !options.dryRun {
            do {
                // As git would write it there: CR LF where core.autocrlf or the attributes ask for them.
                try AtomicFile.write(repository.checkedOut(merged, path: conflict.path), to: workFile, replacingReadOnly: true)
                if outcome.clean && options.stage { try stage(merged) }
            } catch {
                return fail(error)
            }
        }
        var line = outcome.summary
        if outcome.clean {
            line += options.stage ? "; \(would)staged" : "; \(would)written, not staged"
        } else {
            line += "; \(would)written with conflict hunks, still conflicted"
        }
        Console.line(line)
        outcome.details(verbose: options.verbose).forEach(Console.line)
        if options.verbose { outcome.decisions.forEach(Console.line) }
        outcome.warnings.forEach(Console.error)
        if !outcome.clean {
            let places = (ConflictMarkers.hunks(in: merged) ?? []).map { "\(shown):\($0.line)" }
            let listed = places.count <= 5 ? places.joined(separator: ", ") : places.prefix(5).joined(separator: ", ") + " and \(places.count - 5) more"
            let quoted = RepositoryPath.shellQuoted(shown)
            Console.line("  conflict hunks at \(listed): take one side with git xcstrings resolve --ours \(quoted) (or --theirs), "
                         + "or edit the hunks and git add \(quoted)")
        }
        return outcome.clean ? .resolved : .conflicted
    }

    /// With `--ours` or `--theirs`, what a plain resolve of the same stages
    /// writes (its conflict hunks), which is this tool's own output and no
    /// hand edit; computed only when the file has hunks at all.
    static func unsettled(_ current: [UInt8], _ contents: [Bytes], _ options: Options, _ policy: ConflictResolution, _ large: Bool) -> [[UInt8]] {
        guard options.settling != nil, ConflictMarkers.hunks(in: ConflictResolution.withoutCR(current))?.isEmpty == false else { return [] }
        let plain = ConflictResolution(name: policy.name, markers: policy.markers, settling: nil, keyOrder: policy.keyOrder)
        guard case .success(let outcome) = plain.merge(contents, workers: Workers(2, worthIt: large)), let bytes = outcome.bytes else { return [] }
        return [bytes]
    }

    /// What to run once every conflict is resolved.
    static func nextStep(_ kind: GitOperation.Kind) -> String? {
        switch kind {
        case .merge, .squash: return "git commit"
        case .rebase: return "git rebase --continue"
        case .am: return "git am --continue"
        case .cherryPick: return "git cherry-pick --continue"
        case .revert: return "git revert --continue"
        case .none: return nil
        }
    }
}
