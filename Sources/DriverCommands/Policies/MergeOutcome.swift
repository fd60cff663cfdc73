import SemanticDiff

/// What a merge policy decided for one catalog, whichever way it merged:
/// the bytes to write, whether they are clean, and what to tell the user.
/// The driver and `resolve` both return it.
package struct MergeOutcome {
    /// How the result was made.
    package enum Method {
        /// A semantic merge of three catalogs.
        case semantic(CatalogMergeResult, ConflictMarkers)
        /// git's line merge; `bytes` are what it wrote (in Xcode's layout when it parsed).
        case lineByLine(Bytes)
        /// Nothing was merged: the file must stay as it is.
        case keptOurs
    }

    package var method: Method
    package var clean: Bool
    /// One line for standard error (the summary or what went wrong).
    package var summary: String
    /// Warnings about the inputs (duplicate keys), one line each.
    package var warnings: [String] = []
    /// Every decision a rule made (`-v`).
    package var decisions: [String] = []

    package init(method: Method, clean: Bool, summary: String, warnings: [String] = [], decisions: [String] = []) {
        self.method = method
        self.clean = clean
        self.summary = summary
        self.warnings = warnings
        self.decisions = decisions
    }

    /// Calls `body` with the bytes to write; nil when the file stays as it is.
    package func withResult<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        switch method {
        case .semantic(let result, let markers): return try result.withBytes(markers: markers, body)
        case .lineByLine(let bytes): return try bytes.withUnsafeBufferPointer(body)
        case .keptOurs: return nil
        }
    }

    /// The lines under the summary: the conflicts, or what each settled one became.
    package func details(verbose: Bool) -> [String] {
        guard case .semantic(let result, _) = method else { return [] }
        return result.summaryDetails(verbose: verbose)
    }

    /// The bytes to write, as an array; nil when the file stays as it is.
    package var bytes: [UInt8]? { withResult { Array($0) } }
}
