import GitLayer
import PlatformLayer
import SemanticDiff

/// `resolve`'s policy for one catalog git left conflicted, merged again from
/// the index's three stages:
///
/// - Three catalogs: merged by meaning, true conflicts left as small hunks,
///   or settled by taking one side (`--ours`, `--theirs`).
/// - A stage that is not a catalog: nothing is done (unlike the driver, no
///   line merge: git already made one, and it is in the work tree).
/// - A work-tree file someone edited since git wrote it is theirs: it is
///   replaced only when it is still git's line merge of the stages (in any
///   conflict style), or either side.
struct ConflictResolution {
    /// The file's name in messages.
    var name: String
    var markers: ConflictMarkers
    /// The side that settles true conflicts; nil leaves them as hunks.
    var settling: Side?

    static let stageNames = ["base (stage 1)", "ours (stage 2)", "theirs (stage 3)"]

    /// The merge of `contents` (base, ours, theirs), or why there is none.
    func merge(_ contents: [Bytes], workers: Workers) -> Result<MergeOutcome, Refusal> {
        var documents: [JSONDocument?] = []
        for (position, parsed) in ThreeVersions.parse(contents, workers: workers).enumerated() {
            switch parsed {
            case .success(let document): documents.append(document)
            case .failure(let error): return .failure(Refusal("\(Self.stageNames[position]) is not valid JSON (\(error))"))
            }
        }
        do {
            let result = try CatalogMerge.merge(base: documents[0], ours: documents[1]!, theirs: documents[2]!, settling: settling)
            var summary = result.summary(name: name)
            if !result.oursWasInXcodeLayout { summary += "; rewritten in Xcode's layout" }
            return .success(MergeOutcome(method: .semantic(result, markers), clean: result.conflicts.isEmpty, summary: summary,
                                         decisions: result.decisions.map { "\(name): \($0)" }))
        } catch {
            return .failure(Refusal(error.description))
        }
    }

    /// Why the work-tree file `current` must not be replaced by `merged`;
    /// nil when it may be (it is `merged`, either side, or git's line merge
    /// of the stages as git wrote it).
    static func handEdit(_ current: [UInt8], merged: [UInt8], contents: [Bytes], path: String, shown: String) -> Refusal? {
        if current == merged || contents[1].equals(current) || contents[2].equals(current)
            || isLineMerge(current, of: contents, path: path) { return nil }
        if (try? JSONDocument(parsing: current)) != nil {
            return Refusal("the work-tree file is valid JSON and differs from both sides, so it looks resolved by hand; left as it is "
                           + "(git add it to keep it, resolve --force to merge again, or git checkout -m \(shown) to start over)")
        }
        return Refusal("edited since git's merge wrote it (neither git's line merge of the stages nor either side); left as it is "
                       + "(resolve --force to merge again anyway, or git checkout -m \(shown) to start over)")
    }

    /// Whether `current` is git's line merge of the three stages as git
    /// writes it in any conflict style, labels and marker length aside.
    static func isLineMerge(_ current: [UInt8], of contents: [Bytes], path: String) -> Bool {
        let wanted = ConflictMarkers.normalizedLines(current)
        let inputs = contents.map(\.array)
        for algorithm in LineMerge.Algorithm.allCases {
            for style in [ConflictMarkers.Style.merge, .diff3, .zdiff3] {
                guard let merged = try? LineMerge.merge(base: inputs[0], ours: inputs[1], theirs: inputs[2], path: path,
                                                        markers: ConflictMarkers(style: style), algorithm: algorithm) else { continue }
                if ConflictMarkers.normalizedLines(merged.bytes) == wanted { return true }
            }
        }
        return false
    }

    /// A reason to leave a catalog as it is.
    struct Refusal: Error {
        var reason: String

        init(_ reason: String) { self.reason = reason }
    }
}
