import PlatformLayer
import GitProcess
import SemanticDiff

/// The merge driver's policy: what to do with three versions of a catalog,
/// whatever they hold.
///
/// - Three catalogs: merged by meaning; the result is in Xcode's layout.
/// - Any input that is not JSON (markers already in it, a hand-broken
///   file): git's line merge (`git merge-file`), as git alone would do. Its
///   result is accepted as clean only when it parses, and then written in
///   Xcode's layout; one that does not parse is written but reported as a
///   conflict, so git never commits it silently.
/// - An input with NUL bytes that is not a catalog in UTF-16 or UTF-32
///   (binary, as git sees it): nothing is merged and OURS stays as it was,
///   conflicted, as `git merge-file` leaves binary files.
package struct MergeDriver {
    /// The file's name in messages (git's `%P`, or OURS's path).
    package var name: String
    package var markers: ConflictMarkers
    package var keyOrder: KeyOrder
    /// The marker style from git's configuration, read only when a conflict needs it.
    package var configuredStyle: () -> ConflictMarkers.Style

    package init(name: String, markers: ConflictMarkers, keyOrder: KeyOrder, configuredStyle: @escaping () -> ConflictMarkers.Style) {
        self.name = name
        self.markers = markers
        self.keyOrder = keyOrder
        self.configuredStyle = configuredStyle
    }

    /// Merges `contents` (base, ours, theirs; an empty base means both
    /// sides added the file), parsing on `workers`.
    package func merge(_ contents: [Bytes], workers: Workers) -> MergeOutcome {
        var warnings: [String] = []
        var documents: [JSONDocument?] = []
        var problem: String?
        let parsed = ThreeVersions.parse(contents, workers: workers)
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
                let result = try CatalogMerge.merge(base: documents[0], ours: documents[1]!, theirs: documents[2]!, keyOrder: keyOrder)
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
        var outcome = lineMerge(contents, problem: problem!)
        outcome.warnings = warnings
        return outcome
    }

    /// git's line merge of inputs that are not all catalogs, in the configured conflict style.
    package func lineMerge(_ contents: [Bytes], problem: String) -> MergeOutcome {
        let binary = contents.indices.filter { contents[$0].containsNUL }
        if !binary.isEmpty {
            let names = binary.map { ThreeVersions.names[$0] }.joined(separator: " and ")
            return MergeOutcome(method: .keptOurs, clean: false,
                           summary: "\(name): \(names) \(binary.count == 1 ? "holds" : "hold") NUL bytes, so git sees binary data "
                               + "(\(problem)); nothing merged, ours left as it was: resolve it by hand")
        }
        var markers = self.markers
        markers.style = configuredStyle()
        let merged: (bytes: Bytes, clean: Bool)
        do {
            merged = try LineMerge.merge(base: contents[0], ours: contents[1], theirs: contents[2], markers: markers)
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
        // A clean line merge counts only if it parses: inputs already broken stay broken.
        do {
            let document = try JSONDocument(parsing: merged.bytes)
            let formatted = XcodeLayout.format(document, finalNewline: document.endsWithNewline, keyOrder: keyOrder)
            return MergeOutcome(method: .lineByLine(Bytes(formatted)), clean: true,
                           summary: "\(name): \(problem); merged line by line into valid JSON, written in Xcode's layout")
        } catch {
            return MergeOutcome(method: .lineByLine(merged.bytes), clean: false,
                           summary: "\(name): \(problem); merged line by line, but the result does not parse (\(error)): "
                               + "marked conflicted, fix it by hand")
        }
    }
}
