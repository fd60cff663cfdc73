import PlatformLayer
import GitLayer
import SemanticDiff

/// The merge driver's policy: what to do with three versions of a catalog,
/// whatever they hold.
///
/// - Three catalogs: merged by meaning; the result is in Xcode's layout.
/// - Any input that is not JSON (markers already in it, a hand-broken
///   file): git's line merge through libgit2, as git alone would do. Its
///   result is accepted as clean only when it parses, and then written in
///   Xcode's layout; one that does not parse is written but reported as a
///   conflict, so git never commits it silently.
/// - An input with NUL bytes that is not a catalog in UTF-16 or UTF-32
///   (binary, as git sees it): nothing is merged and OURS stays as it was,
///   conflicted, as `git merge-file` leaves binary files.
struct MergeDriver {
    /// The file's name in messages (git's `%P`, or OURS's path).
    var name: String
    var markers: ConflictMarkers
    /// The marker style from git's configuration, read only when a conflict needs it.
    var configuredStyle: () -> ConflictMarkers.Style
    /// Set in `git-xcstrings-merge`, which never loads libgit2, where the
    /// build did not link libgit2's line merge in (``LineMerge/isLinkedIn``):
    /// runs `git-xcstrings merge` in this process's place to merge by lines,
    /// and returns only why it could not.
    var lineMergeElsewhere: (() -> String)? = nil

    /// Merges `contents` (base, ours, theirs; an empty base means both
    /// sides added the file), parsing on `workers`.
    func merge(_ contents: [Bytes], workers: Workers) -> MergeOutcome {
        var warnings: [String] = []
        var documents: [JSONDocument?] = []
        var problem: String?
        let parsed: [Result<JSONDocument?, JSONSyntaxError>]
        var lineMerged: LineMerged?
        if workers.runAlongside {
            parsed = ThreeVersions.parse(contents, workers: workers)
        } else {
            (parsed, lineMerged) = parseStartingLineMerge(contents)
        }
        for (index, outcome) in parsed.enumerated() {
            switch outcome {
            case .success(let document):
                for warning in document?.warnings ?? [] {
                    warnings.append("\(name) (\(ThreeVersions.names[index])):\(warning.position): warning: \(warning.message)")
                }
                documents.append(document)
            case .failure(let error):
                problem = problem ?? "\(ThreeVersions.names[index]) is not valid JSON (\(error))"
                documents.append(nil)
            }
        }
        if problem == nil {
            do {
                let result = try CatalogMerge.merge(base: documents[0], ours: documents[1]!, theirs: documents[2]!)
                var markers = self.markers
                if !result.conflicts.isEmpty { markers.style = configuredStyle() }
                let summary = result.summary(name: name)
                var outcome = MergeOutcome(method: .semantic(result, markers), clean: result.conflicts.isEmpty, summary: summary,
                                           warnings: warnings, decisions: result.decisions.map { "\(name): \($0)" })
                outcome.warnings += MergeCheck.warnings(outcome, ours: documents[1], theirs: documents[2], name: name)
                return outcome
            } catch {
                problem = error.description
            }
        }
        let rejected = parsed.indices.compactMap { index -> (Bytes, JSONSyntaxError)? in
            guard case .failure(let error) = parsed[index] else { return nil }
            return (contents[index], error)
        }
        var outcome = lineMerge(contents, problem: problem!, started: lineMerged, rejected: rejected)
        outcome.warnings = warnings
        return outcome
    }

    /// What git's line merge gave (``LineMerge/merge(base:ours:theirs:path:markers:algorithm:)``).
    typealias LineMerged = Result<(bytes: Bytes, clean: Bool), GitError>

    /// `contents` parsed one after another (given as
    /// ``ThreeVersions/parse(_:workers:)`` gives them): ours, theirs, then
    /// the base, as a version that is not JSON is most often a side's new
    /// commit (both such corpus merges), the base having been merged before.
    /// At the first that is not JSON, git's line merge, which will then be
    /// needed, runs on this thread while a worker reads the others (for
    /// their warnings and the name of the first that is not JSON): c0644,
    /// 114 KB, 2.12 → 2.02 ms; c0478, theirs broken at line 296, starts it
    /// without reading the base's 99 KB first. Not when
    /// git would see binary data, nor where the line merge is another
    /// program's (nothing is merged here then).
    func parseStartingLineMerge(_ contents: [Bytes]) -> (parsed: [Result<JSONDocument?, JSONSyntaxError>], lineMerged: LineMerged?) {
        @Sendable func read(_ index: Int) -> Result<JSONDocument?, JSONSyntaxError> {
            ThreeVersions.parse(contents[index], allowEmpty: index == 0)
        }
        // Each is set below; no array of optionals (its type's metadata, made at run time, cost 26,000 instructions).
        var parsed = [Result<JSONDocument?, JSONSyntaxError>](repeating: .success(nil), count: 3)
        let order = [1, 2, 0]
        for (step, index) in order.enumerated() {
            parsed[index] = read(index)
            let rest = Array(order[(step + 1)...])
            guard case .failure = parsed[index], !rest.isEmpty, lineMergeElsewhere == nil, !contents.contains(where: \.containsNUL)
            else { continue }
            // The line merge here, the other versions on the worker: a thread started now is first queued on
            // this one's processor, and the shorter work, if it has not begun when this is done, is done here.
            let lineMerged = Workers(1).alongside({ rest.map(read) }) { result in
                let merged = mergeByLines(contents)
                // Read here when no thread could be started.
                for (index, outcome) in zip(rest, result() ?? rest.map(read)) { parsed[index] = outcome }
                return merged
            }
            return (parsed, lineMerged)
        }
        return (parsed, nil)
    }

    /// git's line merge of `contents`, in the configured conflict style.
    func mergeByLines(_ contents: [Bytes]) -> LineMerged {
        var markers = self.markers
        markers.style = configuredStyle()
        return Result { () throws(GitError) in
            try LineMerge.merge(base: contents[0], ours: contents[1], theirs: contents[2], path: name, markers: markers)
        }
    }

    /// git's line merge of inputs that are not all catalogs (`started`: its result, when it was started early;
    /// `rejected`: the versions that are not JSON, and why).
    func lineMerge(_ contents: [Bytes], problem: String, started: LineMerged? = nil,
                   rejected: [(Bytes, JSONSyntaxError)] = []) -> MergeOutcome {
        let binary = contents.indices.filter { contents[$0].containsNUL }
        if !binary.isEmpty {
            let names = binary.map { ThreeVersions.names[$0] }.joined(separator: " and ")
            return MergeOutcome(method: .keptOurs, clean: false,
                           summary: "\(name): \(names) \(binary.count == 1 ? "holds" : "hold") NUL bytes, so git sees binary data "
                               + "(\(problem)); nothing merged, ours left as it was: resolve it by hand")
        }
        if let lineMergeElsewhere {
            let failure = lineMergeElsewhere()
            return MergeOutcome(method: .keptOurs, clean: false,
                           summary: "\(name): \(problem); the line merge is git-xcstrings merge's, which could not be run "
                               + "(\(failure)): ours left as it was")
        }
        let merged: (bytes: Bytes, clean: Bool)
        do {
            merged = try (started ?? mergeByLines(contents)).get()
        } catch {
            return MergeOutcome(method: .keptOurs, clean: false,
                           summary: "\(name): \(problem); and the line merge failed (\(error)): ours left as it was")
        }
        if merged.bytes.isEmpty && !contents[1].isEmpty {
            return MergeOutcome(method: .keptOurs, clean: false,
                           summary: "\(name): \(problem); the line merge gave nothing back: ours left as it was")
        }
        guard merged.clean else {
            return MergeOutcome(method: .lineByLine(merged.bytes), clean: false,
                           summary: "\(name): \(problem); merged line by line with conflicts")
        }
        // A clean line merge counts only if it parses: inputs already broken stay broken. One that kept a broken
        // version's bytes through its first error, and a little beyond, fails there as that version did (c0644:
        // 1.4 M instructions not spent reading it again).
        let kept = merged.bytes.withUnsafeBufferPointer { text in
            rejected.first { version, error in version.withUnsafeBufferPointer { error.holds(for: text, sameAs: $0) } }?.1
        }
        if let kept {
            return MergeOutcome(method: .lineByLine(merged.bytes), clean: false,
                           summary: "\(name): \(problem); merged line by line, but the result does not parse (\(kept)): "
                               + "marked conflicted, fix it by hand")
        }
        do {
            let document = try JSONDocument(parsing: merged.bytes)
            let formatted = XcodeLayout.format(document, finalNewline: document.endsWithNewline)
            return MergeOutcome(method: .lineByLine(Bytes(formatted)), clean: true,
                           summary: "\(name): \(problem); merged line by line into valid JSON, written in Xcode's layout")
        } catch {
            return MergeOutcome(method: .lineByLine(merged.bytes), clean: false,
                           summary: "\(name): \(problem); merged line by line, but the result does not parse (\(error)): "
                               + "marked conflicted, fix it by hand")
        }
    }
}
