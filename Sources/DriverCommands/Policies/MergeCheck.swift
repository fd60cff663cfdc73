import SemanticDiff

/// What the driver and `resolve` say after a clean merge whose catalog
/// has `check` errors that neither side had: one line, never a failure.
/// Only the entries the merge changed are checked, as the merge wrote
/// them (``CatalogMergeResult/changedEntries``): the result is not read again.
package enum MergeCheck {
    /// The lines to say after `outcome`: what the merge itself noticed (keys
    /// that differ only in normalization, one from each side), then new errors.
    package static func warnings(_ outcome: MergeOutcome, ours: JSONDocument?, theirs: JSONDocument?, name: String) -> [String] {
        guard case .semantic(let result, _) = outcome.method else { return [] }
        return result.warnings.map { "\(name): warning: \($0)" } + [newErrors(outcome, ours: ours, theirs: theirs, name: name)].compactMap { $0 }
    }

    package static func newErrors(_ outcome: MergeOutcome, ours: JSONDocument?, theirs: JSONDocument?, name: String) -> String? {
        guard outcome.clean, case .semantic(let result, let markers) = outcome.method,
              let ours, let theirs, let entries = result.changedEntries,
              let changed = try? Catalog(parsing: entries), let oursCatalog = try? Catalog(ours), let theirsCatalog = try? Catalog(theirs)
        else { return nil }
        let new = result.withBytes(markers: markers) { merged in
            CatalogCheck.newFindings(inChangedEntries: changed, of: merged, comparedWith: [oursCatalog, theirsCatalog])
        }
        guard let first = new.first else { return nil }
        return "\(name): warning: the merged catalog has \(new.count) check error\(new.count == 1 ? "" : "s") neither side had "
            + "(\(first.position) \(first.text) [\(first.rule.rawValue)]); see git xcstrings check \(name)"
    }
}
