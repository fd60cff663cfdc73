/// The three-way merge of catalog trees.
///
/// For each member of an object, with base B, ours O and theirs T: O == T
/// takes it, O == B takes T, T == B takes O. Where both changed, objects are
/// merged member by member (an object is never replaced wholesale) and the
/// catalog rules decide the rest (see `EntryRules`, `UnitRules`); what no
/// rule decides becomes a conflict.
struct MergeEngine {
    let sources: MergeSources
    var report = MergeReport()
    /// Set while an entry is merged: the side whose comment a rule chose.
    var commentChoice: Side?

    init(sources: MergeSources) {
        self.sources = sources
    }

    // MARK: Values

    func value(_ side: Side, _ node: Int?) -> SideValue { SideValue(side: side, node: node) }

    func kind(_ value: SideValue) -> JSONKind? {
        value.node.map { sources[value.side].nodes[$0].kind }
    }

    /// Whether two values mean the same; two absent values are equal.
    ///
    /// Identical bytes answer at once. Large containers whose bytes differ
    /// count as different without a deep comparison: the caller then merges
    /// them member by member, which gives the same result when they do mean
    /// the same, and costs one pass instead of two.
    func equal(_ a: SideValue, _ b: SideValue) -> Bool {
        switch (a.node, b.node) {
        case (nil, nil): return true
        case let (x?, y?):
            let left = sources[a.side], right = sources[b.side]
            if memcmpEqual(left.token(x), right.token(y)) { return true }
            let size = Int(left.nodes[x].next) - x
            if size > 256 && left.nodes[x].kind == .object && right.nodes[y].kind == .object { return false }
            return JSONEquality.equal(left, x, right, y)
        default: return false
        }
    }

    /// The member `name` of object `value`, if it has one (a scan without
    /// allocation: catalog objects have a handful of fields).
    func member(_ value: SideValue, _ name: StaticString) -> SideValue {
        guard let node = value.node else { return value }
        let raw = sources[value.side]
        let token = raw.nodes[node]
        guard token.kind == .object else { return .absent(value.side) }
        let text = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        var key = node + 1
        var found: Int?
        for _ in 0..<Int(token.count) {
            if !raw.nodes[key].flags.contains(.shadowed) && raw.keyEquals(key, text) { found = key + 1 }
            key = Int(raw.nodes[key + 1].next)
        }
        return SideValue(side: value.side, node: found)
    }

    /// The member `name` of object `value`, for names known only at run time.
    func member(_ value: SideValue, named name: String) -> SideValue {
        guard let node = value.node, sources[value.side].nodes[node].kind == .object else { return .absent(value.side) }
        let members = ObjectMembers(sources[value.side], node)
        return SideValue(side: value.side, node: members.position(named: name).map { members[$0].value })
    }

    /// The text of a string value.
    func string(_ value: SideValue) -> String? {
        guard let node = value.node, sources[value.side].nodes[node].kind == .string else { return nil }
        return String(decoding: sources[value.side].decodedKey(node), as: UTF8.self)
    }

    func keyName(_ side: Side, _ key: Int) -> String {
        String(decoding: sources[side].decodedKey(key), as: UTF8.self)
    }

    // MARK: Documents

    /// Merges the three roots.
    mutating func mergeRoots() -> Merged {
        let base = value(.base, sources.base == nil ? nil : 0)
        let ours = value(.ours, 0), theirs = value(.theirs, 0)
        if equal(ours, theirs) || equal(theirs, base) { return .copy(.ours, 0) }
        if equal(ours, base) { return .copy(.theirs, 0) }
        return mergeObject(.root, base, ours, theirs)
    }

    // MARK: Objects

    /// Merges three objects member by member: ours' members first, then
    /// those only theirs has, placed by `MemberOrder`.
    mutating func mergeObject(_ level: MergeLevel, _ base: SideValue, _ ours: SideValue, _ theirs: SideValue) -> Merged {
        let sources = self.sources
        let baseMembers = kind(base) == .object ? ObjectMembers(sources.base!, base.node!) : nil
        let oursMembers = ObjectMembers(sources.ours, ours.node!)
        let theirsMembers = ObjectMembers(sources.theirs, theirs.node!)
        var result: [MergedMember] = []
        result.reserveCapacity(oursMembers.count + 4)
        var matchedInTheirs = [Bool](repeating: false, count: theirsMembers.count)
        // Positions shift by the keys added or removed so far: guess where the next key is.
        var theirsShift = 0, baseShift = 0
        for (position, member) in oursMembers.enumerated() {
            let theirsPosition = theirsMembers.position(of: sources.ours, member.key, hint: position + theirsShift)
            let basePosition = baseMembers?.position(of: sources.ours, member.key, hint: position + baseShift)
            if let theirsPosition {
                matchedInTheirs[theirsPosition] = true
                theirsShift = theirsPosition - position
            }
            if let basePosition { baseShift = basePosition - position }
            let merged = mergeMember(level, .ours, member.key,
                                     value(.base, basePosition.map { baseMembers![$0].value }),
                                     value(.ours, member.value),
                                     value(.theirs, theirsPosition.map { theirsMembers[$0].value }))
            if let merged { result.append(MergedMember(key: .node(.ours, member.key), value: merged)) }
        }
        var additions: [MergedMember] = []
        for (position, member) in theirsMembers.enumerated() where !matchedInTheirs[position] {
            let basePosition = baseMembers?.position(of: sources.theirs, member.key, hint: position)
            let merged = mergeMember(level, .theirs, member.key,
                                     value(.base, basePosition.map { baseMembers![$0].value }),
                                     .absent(.ours),
                                     value(.theirs, member.value))
            if let merged {
                additions.append(MergedMember(key: .node(.theirs, member.key), value: merged))
            }
        }
        if !additions.isEmpty {
            MemberOrder(sources: sources, oursIsSorted: sources.oursOrder.membersAreSorted(ours.node!))
                .place(additions, into: &result)
        }
        return .object(result)
    }

    /// Merges one member present on at least one side; nil when the result
    /// has no such member.
    mutating func mergeMember(_ level: MergeLevel, _ keySide: Side, _ key: Int,
                              _ base: SideValue, _ ours: SideValue, _ theirs: SideValue) -> Merged? {
        let oursIsTheirs = equal(ours, theirs)
        if oursIsTheirs && (level.kind != .strings || equal(ours, base)) {
            return ours.node.map { .copy(.ours, $0) }
        }
        let name = keyName(keySide, key)
        if level.kind == .strings {
            report.noteEntry(self, name: name, base, ours, theirs)
        }
        if oursIsTheirs { return ours.node.map { .copy(.ours, $0) } }
        if equal(ours, base) { return take(level, name, theirs, base: base) }
        if equal(theirs, base) { return take(level, name, ours, base: base) }
        return mergeChanged(level, name, base, ours, theirs)
    }

    /// The value of the one side that changed it. Inside a localization whose
    /// entry's source text the other side changed, its translations are
    /// marked for review (rule 4).
    mutating func take(_ level: MergeLevel, _ name: String, _ changed: SideValue, base: SideValue) -> Merged? {
        guard let node = changed.node else { return nil }
        let inner = level.child(name)
        if inner.reviewSide == changed.side, isInsideLocalization(inner) {
            return reviewCopy(inner, changed, base: base, memberName: name)
        }
        return .copy(changed.side, node)
    }

    func isInsideLocalization(_ level: MergeLevel) -> Bool { level.language != nil }

    /// Both sides changed the member, differently.
    mutating func mergeChanged(_ level: MergeLevel, _ name: String,
                               _ base: SideValue, _ ours: SideValue, _ theirs: SideValue) -> Merged? {
        switch level.kind {
        case .root:
            return mergeRootField(level, name, base, ours, theirs)
        case .strings:
            return mergeEntry(level.child(name), base, ours, theirs)
        case .entry:
            return mergeEntryField(level, name, base, ours, theirs)
        case .localizations, .variationCases:
            return mergeLocalization(level, name, base, ours, theirs)
        case .substitutions:
            // A substitution one side deleted and the other changed is kept (rule 6).
            if ours.node == nil || theirs.node == nil {
                let kept = ours.node == nil ? theirs : ours
                report.decide(level.conflict(member: name), "kept \(kept.side.name)' changed substitution that \(kept.side.other.name) deleted")
                return take(level, name, kept, base: base)
            }
            return mergeObjects(level, name, base, ours, theirs)
        case .localization where name == "stringUnit" || name == "stringSet":
            return mergeUnit(level, name, base, ours, theirs)
        case .localization where name == "variations" || name == "substitutions", .variations, .substitution where name == "variations":
            // The containers of translations: one side removed, the other changed what is inside (rule 6).
            if ours.node == nil || theirs.node == nil {
                let kept = ours.node == nil ? theirs : ours
                report.decide(level.conflict(member: name), "kept \(kept.side.name)' changed \(name), which \(kept.side.other.name) removed")
                return take(level, name, kept, base: base)
            }
            return mergeObjects(level, name, base, ours, theirs)
        default:
            return mergeObjects(level, name, base, ours, theirs)
        }
    }

    /// Both changed: merge two objects member by member (an add on both
    /// sides merges against an empty base), anything else conflicts.
    mutating func mergeObjects(_ level: MergeLevel, _ name: String,
                               _ base: SideValue, _ ours: SideValue, _ theirs: SideValue) -> Merged {
        if kind(ours) == .object && kind(theirs) == .object {
            return mergeObject(level.child(name), base, ours, theirs)
        }
        return conflict(level.conflict(member: name), base, ours, theirs)
    }

    /// Records a conflict and returns it as a value with the three versions.
    mutating func conflict(_ record: MergeConflict, _ base: SideValue, _ ours: SideValue, _ theirs: SideValue) -> Merged {
        report.conflicts.append(record)
        return .conflict(MergeConflictValue(ours: ours.node.map { .copy(.ours, $0) },
                                            theirs: theirs.node.map { .copy(.theirs, $0) },
                                            base: base.node.map { .copy(.base, $0) },
                                            index: report.conflicts.count - 1))
    }

    // MARK: Root

    mutating func mergeRootField(_ level: MergeLevel, _ name: String,
                                 _ base: SideValue, _ ours: SideValue, _ theirs: SideValue) -> Merged? {
        switch name {
        case "strings":
            return mergeObjects(level, name, base, ours, theirs)
        case "version" where ours.node != nil && theirs.node != nil:
            // Rule 8: the higher format version.
            let oursVersion = string(ours) ?? "", theirsVersion = string(theirs) ?? ""
            let higher = CatalogVersion.compare(oursVersion, theirsVersion) >= 0 ? ours : theirs
            report.decide(MergeConflict(key: nil, language: nil, field: "version"),
                          "version \(string(higher) ?? "?"): the higher of \(oursVersion) and \(theirsVersion)")
            return .copy(higher.side, higher.node!)
        case "version", "sourceLanguage":
            // Deleted on one side, changed on the other: keep the change. Changed on both: conflict.
            if ours.node == nil { return take(level, name, theirs, base: base) }
            if theirs.node == nil { return take(level, name, ours, base: base) }
            return conflict(level.conflict(member: name), base, ours, theirs)
        default:
            return mergeObjects(level, name, base, ours, theirs)
        }
    }
}

/// Format versions compared as dotted numbers: 1.0 < 1.1 < 1.10.
enum CatalogVersion {
    static func compare(_ a: String, _ b: String) -> Int {
        let left = a.split(separator: ".").map { Int($0) ?? 0 }, right = b.split(separator: ".").map { Int($0) ?? 0 }
        for index in 0..<max(left.count, right.count) {
            let x = index < left.count ? left[index] : 0, y = index < right.count ? right[index] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return a == b ? 0 : (a < b ? -1 : 1)
    }
}
