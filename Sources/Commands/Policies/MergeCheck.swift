import SemanticDiff

/// What the driver and `resolve` say after a clean merge whose catalog
/// has `check` errors that neither side had: one line, never a failure.
enum MergeCheck {
    static func newErrors(_ outcome: MergeOutcome, ours: JSONDocument?, theirs: JSONDocument?, name: String) -> String? {
        guard outcome.clean, case .semantic(let result, _) = outcome.method, !result.changedKeys.isEmpty,
              let ours, let theirs, let bytes = outcome.bytes,
              let merged = try? Catalog(parsing: bytes), let oursCatalog = try? Catalog(ours), let theirsCatalog = try? Catalog(theirs)
        else { return nil }
        let new = CatalogCheck.newFindings(in: merged, comparedWith: [oursCatalog, theirsCatalog], keys: result.changedKeys)
        guard let first = new.first else { return nil }
        return "\(name): warning: the merged catalog has \(new.count) check error\(new.count == 1 ? "" : "s") neither side had "
            + "(\(first.position) \(first.text) [\(first.rule.rawValue)]); see git xcstrings check \(name)"
    }
}
