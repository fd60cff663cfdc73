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

    /// How the result was made.
    enum Method {
        /// A semantic merge of three catalogs.
        case semantic(CatalogMergeResult, ConflictMarkers)
        /// git's line merge; `bytes` are what it wrote (in Xcode's layout when it parsed).
        case lineByLine([UInt8])
        /// Nothing was merged: OURS must stay as it is.
        case keptOurs
    }

    /// The outcome: the result, whether it is clean, and what to tell the user.
    struct Outcome {
        var method: Method
        var clean: Bool
        /// One line for standard error (the summary or what went wrong).
        var summary: String
        /// Warnings about the inputs (duplicate keys), one line each.
        var warnings: [String] = []
        /// Every decision a rule made (`-v`).
        var decisions: [String] = []

        /// Calls `body` with the bytes to write; nil when OURS stays as it is.
        func withResult<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
            switch method {
            case .semantic(let result, let markers): return try result.withBytes(markers: markers, body)
            case .lineByLine(let bytes): return try bytes.withUnsafeBufferPointer(body)
            case .keptOurs: return nil
            }
        }
    }

    static let sides = ["base", "ours", "theirs"]

    /// Merges `contents` (base, ours, theirs; an empty base means both
    /// sides added the file), parsing on `workers`.
    func merge(_ contents: [Bytes], workers: Workers) -> Outcome {
        var warnings: [String] = []
        var documents: [JSONDocument?] = []
        var problem: String?
        for (index, outcome) in Self.parseSides(contents, workers: workers).enumerated() {
            switch outcome {
            case .success(let document):
                for warning in document?.warnings ?? [] {
                    warnings.append("\(name) (\(Self.sides[index])):\(warning.position): warning: \(warning.message)")
                }
                documents.append(document)
            case .failure(let error):
                problem = problem ?? "\(Self.sides[index]) is not valid JSON (\(error))"
                documents.append(nil)
            }
        }
        if problem == nil {
            do {
                let result = try CatalogMerge.merge(base: documents[0], ours: documents[1]!, theirs: documents[2]!)
                var markers = self.markers
                if !result.conflicts.isEmpty { markers.style = configuredStyle() }
                var summary = result.summary(name: name)
                if !result.oursWasInXcodeLayout { summary += "; rewritten in Xcode's layout" }
                return Outcome(method: .semantic(result, markers), clean: result.conflicts.isEmpty, summary: summary,
                               warnings: warnings, decisions: result.decisions.map { "\(name): \($0)" })
            } catch {
                problem = error.description
            }
        }
        var outcome = lineMerge(contents, problem: problem!)
        outcome.warnings = warnings
        return outcome
    }

    /// git's line merge of inputs that are not all catalogs.
    func lineMerge(_ contents: [Bytes], problem: String) -> Outcome {
        let binary = contents.indices.filter { contents[$0].containsNUL }
        if !binary.isEmpty {
            let names = binary.map { Self.sides[$0] }.joined(separator: " and ")
            return Outcome(method: .keptOurs, clean: false,
                           summary: "\(name): \(names) \(binary.count == 1 ? "holds" : "hold") NUL bytes, so git sees binary data "
                               + "(\(problem)); nothing merged, ours left as it was: resolve it by hand")
        }
        var markers = self.markers
        markers.style = configuredStyle()
        let merged: (bytes: [UInt8], clean: Bool)
        do {
            merged = try LineMerge.merge(base: contents[0].array, ours: contents[1].array, theirs: contents[2].array,
                                         path: name, markers: markers)
        } catch {
            return Outcome(method: .keptOurs, clean: false,
                           summary: "\(name): \(problem); and the line merge failed (\(error)): ours left as it was")
        }
        if merged.bytes.isEmpty && !contents[1].isEmpty {
            return Outcome(method: .keptOurs, clean: false,
                           summary: "\(name): \(problem); the line merge gave nothing back: ours left as it was")
        }
        guard merged.clean else {
            return Outcome(method: .lineByLine(merged.bytes), clean: false,
                           summary: "\(name): \(problem); merged line by line with conflicts")
        }
        // A clean line merge counts only if it parses: inputs already broken stay broken.
        do {
            let document = try JSONDocument(parsing: merged.bytes)
            let formatted = XcodeLayout.format(document, finalNewline: document.endsWithNewline)
            return Outcome(method: .lineByLine(formatted), clean: true,
                           summary: "\(name): \(problem); merged line by line into valid JSON, written in Xcode's layout")
        } catch {
            return Outcome(method: .lineByLine(merged.bytes), clean: false,
                           summary: "\(name): \(problem); merged line by line, but the result does not parse (\(error)): "
                               + "marked conflicted, fix it by hand")
        }
    }

    /// A parsed input; nil for an empty base (both sides added the file).
    /// Base, ours and theirs parsed, in that order: ours on this thread (it
    /// is the largest part of the output), the others on `workers`.
    static func parseSides(_ contents: [Bytes], workers: Workers) -> [Result<JSONDocument?, JSONSyntaxError>] {
        let parsed = workers.map([1, 0, 2]) { index in parse(contents[index], allowEmpty: index == 0) }
        return [parsed[1], parsed[0], parsed[2]]
    }

    static func parse(_ bytes: Bytes, allowEmpty: Bool) -> Result<JSONDocument?, JSONSyntaxError> {
        if allowEmpty && bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .success(nil)
        }
        do {
            return .success(try JSONDocument(parsing: bytes))
        } catch {
            return .failure(error)
        }
    }
}
