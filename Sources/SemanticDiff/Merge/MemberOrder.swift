/// Where members that ours lacks go in a merged object. Ours' members
/// never move. A new member lands at its sorted position when ours' object
/// is in Xcode's order (so sorted inputs give a sorted result), and
/// otherwise right after the member that precedes it in theirs.
struct MemberOrder {
    let sources: MergeSources
    let ours: ObjectMembers
    let theirs: ObjectMembers
    /// Whether ours' whole file is in Xcode's layout.
    let oursIsInXcodeLayout: Bool

    struct Addition {
        /// Where the member is in theirs' object.
        var theirsPosition: Int
        var member: MergedMember
    }

    func place(_ additions: [Addition], into result: inout [MergedMember]) {
        if oursIsSorted() {
            for addition in additions {
                let key = text(addition.member.key)
                var low = 0, high = result.count
                while low < high {
                    let middle = (low + high) / 2
                    if KeyCollation.compare(text(result[middle].key), key) < 0 { low = middle + 1 } else { high = middle }
                }
                result.insert(addition.member, at: low)
            }
            return
        }
        for addition in additions {
            var position = 0
            var previous = addition.theirsPosition - 1
            while previous >= 0 {
                let predecessor = theirs[previous].key
                if let index = result.firstIndex(where: { isKey($0.key, sources.theirs, predecessor) }) {
                    position = index + 1
                    break
                }
                previous -= 1
            }
            result.insert(addition.member, at: position)
        }
    }

    /// Whether ours' keys are already in Xcode's order. Pairs the fast
    /// comparator cannot decide are taken to be in order when ours is in
    /// Xcode's layout (Xcode always sorts), so that a merge rarely needs
    /// Foundation; otherwise Foundation decides them.
    func oursIsSorted() -> Bool {
        guard ours.count > 1 else { return true }
        var undecided: [Int] = []
        for index in 1..<ours.count {
            let order = ours.raw.withKeyTexts(ours[index - 1].key, ours[index].key) { KeyCollation.fastCompare($0, $1) }
            if let order {
                if order >= 0 { return false }
            } else {
                undecided.append(index)
            }
        }
        if undecided.isEmpty || oursIsInXcodeLayout { return true }
        return undecided.allSatisfy { ours.raw.compareKeys(ours[$0 - 1].key, ours[$0].key) < 0 }
    }

    func text(_ key: MergedKey) -> [UInt8] {
        switch key {
        case .node(let side, let node): return sources[side].decodedKey(node)
        case .name(let name): return Array(name.utf8)
        }
    }

    func isKey(_ key: MergedKey, _ raw: RawDocument, _ node: Int) -> Bool {
        switch key {
        case .node(let side, let keyNode): return RawDocument.keysEqual(sources[side], keyNode, raw, node)
        case .name(let name): return raw.decodedKey(node) == Array(name.utf8)
        }
    }
}
