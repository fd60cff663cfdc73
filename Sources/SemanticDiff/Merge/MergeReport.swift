/// What a merge did, for the one-line summary and `-v`.
struct MergeReport: Sendable {
    var conflicts: [MergeConflict] = []
    /// Every decision a rule made, in words.
    var decisions: [String] = []
    /// Entries at least one side changed.
    var keys = 0
    /// Translations (a language's text, or one of its variants) at least one side changed.
    var translations = 0
    /// Same text in two states, decided by precedence.
    var statesByPrecedence = 0

    mutating func decide(_ place: MergeConflict, _ decision: String) {
        decisions.append("\(place): \(decision)")
    }

    /// Counts an entry one side or both changed, and its changed translations.
    mutating func noteEntry(_ engine: MergeEngine, name: String, _ base: SideValue, _ ours: SideValue, _ theirs: SideValue) {
        keys += 1
        let baseUnits = engine.units(of: base)
        var changed = Set<String>()
        for side in [ours, theirs] {
            let units = engine.units(of: side)
            for (path, unit) in units {
                if let original = baseUnits[path], engine.equal(original, unit) { continue }
                changed.insert(path)
            }
            for path in baseUnits.keys where units[path] == nil {
                changed.insert(path)
            }
        }
        translations += changed.count
    }
}

extension MergeEngine {
    /// The translation units of an entry by place: `de`, `ru plural.few`…
    func units(of entry: SideValue) -> [String: SideValue] {
        var result: [String: SideValue] = [:]
        func collect(_ localization: SideValue, _ place: String) {
            guard let node = localization.node, kind(localization) == .object else { return }
            let raw = sources[localization.side]
            for item in ObjectMembers(raw, node) {
                let name = keyName(localization.side, item.key)
                let value = SideValue(side: localization.side, node: item.value)
                switch name {
                case "stringUnit", "stringSet":
                    result[place] = value
                case "variations":
                    for kind in ["plural", "device"] {
                        let cases = member(value, kind)
                        guard let casesNode = cases.node, self.kind(cases) == .object else { continue }
                        for variant in ObjectMembers(raw, casesNode) {
                            collect(SideValue(side: localization.side, node: variant.value),
                                    place + " \(kind).\(keyName(localization.side, variant.key))")
                        }
                    }
                case "substitutions":
                    guard self.kind(value) == .object else { continue }
                    for substitution in ObjectMembers(raw, item.value) {
                        let substitutionName = keyName(localization.side, substitution.key)
                        let plural = member(member(SideValue(side: localization.side, node: substitution.value), "variations"), "plural")
                        guard let pluralNode = plural.node, self.kind(plural) == .object else { continue }
                        for category in ObjectMembers(raw, pluralNode) {
                            collect(SideValue(side: localization.side, node: category.value),
                                    place + " substitutions.\(substitutionName).plural.\(keyName(localization.side, category.key))")
                        }
                    }
                default:
                    continue
                }
            }
        }
        let localizations = member(entry, "localizations")
        if let node = localizations.node, kind(localizations) == .object {
            for language in ObjectMembers(sources[entry.side], node) {
                collect(SideValue(side: entry.side, node: language.value), keyName(entry.side, language.key))
            }
        }
        return result
    }
}
