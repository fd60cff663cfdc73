/// Whether keys are in order, neighbour by neighbour, and mending a guessed
/// order where Foundation finds a few neighbours the wrong way round.
extension KeyCollation {
    /// The indices of `pairs` (an earlier key, the key after it) that the
    /// reference puts out of order: where Foundation says, both ways round,
    /// that the later key sorts first.
    ///
    /// Each pair is asked forward first, all in one request; only the pairs
    /// that answer "after" are asked the other way round, in a second. Most
    /// pairs asked are in order, so this is about one comparison a pair,
    /// not two (Foundation says for a few pairs that each key comes first).
    static func misordered(_ pairs: [(a: [UInt8], b: [UInt8])], asking reference: any CollationReference) -> [Int] {
        guard !pairs.isEmpty else { return [] }
        let forward = reference.compare(pairs: pairs)
        let doubtful = forward.indices.filter { forward[$0] > 0 }
        guard !doubtful.isEmpty else { return [] }
        let backward = reference.compare(pairs: doubtful.map { (a: pairs[$0].b, b: pairs[$0].a) })
        return zip(doubtful, backward).compactMap { $1 < 0 ? $0 : nil }
    }

    /// Whether each pair (an earlier key, the key after it) is in order by
    /// the reference (see ``misordered(_:asking:)``).
    static func neighboursInOrder(_ pairs: [(a: [UInt8], b: [UInt8])], asking reference: any CollationReference) -> Bool {
        misordered(pairs, asking: reference).isEmpty
    }

    /// Whether each pair (an earlier key, the key after it), neighbours the
    /// fast comparator cannot tell, is in order as ``isStrictlyOrdered(_:)``
    /// finds such neighbours: in order where Foundation cannot find them out
    /// of order (``startsAlikeCompare(_:_:)``, ``decomposedCompare(_:_:)``),
    /// the rest asked of the reference at once.
    static func undecidedPairsInOrder(_ pairs: [(a: [UInt8], b: [UInt8])]) -> Bool {
        let asked = pairs.filter { pair in
            pair.a.withUnsafeBufferPointer { a in
                pair.b.withUnsafeBufferPointer { b in startsAlikeCompare(a, b) != -1 && decomposedCompare(a, b) != -1 }
            }
        }
        return neighboursInOrder(asked, asking: reference)
    }

    /// Whether every key sorts before the next (as ``neighboursInOrder(_:asking:)``
    /// reads Foundation's answers, asked once for every pair the fast
    /// comparator cannot order).
    public static func isStrictlyOrdered(_ keys: [[UInt8]]) -> Bool { isStrictlyOrdered(keys, asking: reference) }

    public static func isStrictlyOrdered(_ keys: [String]) -> Bool {
        isStrictlyOrdered(keys.map { Array($0.utf8) })
    }

    /// ``isStrictlyOrdered(_:)`` with `reference` for the pairs the fast comparator cannot tell.
    static func isStrictlyOrdered(_ keys: [[UInt8]], asking reference: any CollationReference) -> Bool {
        var order = Array(keys.indices)
        return confirm(&order, of: keys, asking: reference, mending: false)
    }

    /// Whether `order` puts `keys` in Xcode's order, every pair of
    /// neighbours in order: the fast comparator's where it decides, the
    /// rest asked of `reference` at once.
    ///
    /// With `mending`, `order` is a guess (a sort that met pairs the fast
    /// comparator cannot tell). Where there are many such neighbours, every
    /// eighth is asked about first, so that a guess wrong in many places
    /// costs a small request before the reference sorts everything. Where
    /// Foundation finds a few of them the wrong way round, at most one in
    /// sixteen (or the fast comparator a few others), the keys of those
    /// pairs are taken out and put back where the reference places them
    /// (``mend(_:of:at:asking:)``): true when every pair is then in order.
    /// False leaves `order` unspecified.
    static func confirm(_ order: inout [Int], of keys: [[UInt8]], asking reference: any CollationReference,
                        mending: Bool) -> Bool {
        settle(&order, of: keys, asking: reference, mending: mending) == .inOrder
    }

    /// What ``settle(_:of:asking:mending:)`` found.
    enum Settlement {
        /// Every pair of neighbours is in order (after mending, where asked to mend).
        case inOrder
        /// Too many pairs are out of order by the fast comparator's own answers to mend, found
        /// before the reference was asked anything.
        case againstComparator
        /// Out of order where the reference was asked, or still out of order after mending.
        case againstReference
    }

    /// ``confirm(_:of:asking:mending:)``, saying why an order is not confirmed.
    /// With `runs` (the keys' ``GuessedRuns``, when a sort by guesses made
    /// them), two neighbours' first-level weights are compared from those.
    static func settle(_ order: inout [Int], of keys: [[UInt8]], asking reference: any CollationReference,
                       mending: Bool, runs: GuessedRuns? = nil) -> Settlement {
        // Pairs out of order by the fast comparator's answer (a sort that guessed can leave some: its
        // guesses need not agree with its answers), and those it cannot tell.
        let answers = fastAnswers(at: order.indices.dropFirst(), of: order, keys, runs: runs)
        var wrong = answers.apart
        let undecided = answers.undecided
        if !mending && !wrong.isEmpty { return .againstComparator }
        // Too many out of order already: no answer of the reference's could make it mendable (see below).
        if wrong.count * 16 > undecided.count { return .againstComparator }
        var rest = undecided
        if mending && undecided.count >= 256 {
            let sample = stride(from: 0, to: undecided.count, by: 8).map { undecided[$0] }
            let sampled = misordered(neighbours(at: sample, of: order, keys), asking: reference).map { sample[$0] }
            // Wrong in more than one sampled pair in sixteen: the reference's own sort costs no more.
            if sampled.count * 16 > sample.count { return .againstReference }
            wrong += sampled
            rest = undecided.indices.filter { $0 % 8 != 0 }.map { undecided[$0] }
        }
        wrong += misordered(neighbours(at: rest, of: order, keys), asking: reference).map { rest[$0] }
        if wrong.isEmpty { return .inOrder }
        // Wrong in more than one undecided neighbour in sixteen: the reference's own sort costs less.
        guard mending, wrong.count * 16 <= undecided.count else { return .againstReference }
        return mend(&order, of: keys, at: wrong, asking: reference, runs: runs) ? .inOrder : .againstReference
    }

    /// Takes out both keys of every pair at the `wrong` positions, and of
    /// every pair of keys left out of order where they now meet, and puts the
    /// keys taken out back where binary searches over the rest find their
    /// places (in step, one request per halving; ``places(of:in:asking:)``),
    /// those that fall together in the reference's order; then asks about
    /// every pair of neighbours they make. False when the keys taken out are
    /// more than one in 32, or still out of order where they meet after four
    /// rounds (the reference's own sort costs less), or when a pair asked
    /// is out of order.
    private static func mend(_ order: inout [Int], of keys: [[UInt8]], at wrong: [Int],
                             asking reference: any CollationReference, runs: GuessedRuns?) -> Bool {
        var out = Set<Int>()
        for position in wrong {
            out.insert(position - 1)
            out.insert(position)
        }
        // Where the keys left meet, a pair out of order has its keys taken out too, until those left are
        // in order: a sort that guessed can leave two keys the fast comparator orders out of order, with
        // keys it guessed wrong between them (its guesses need not agree with its answers).
        var kept: [Int] = [] // positions in `order`
        for round in 0... {
            // Each key taken out costs a binary search, up to log₂ n comparisons for Foundation: past one
            // key in 32, or a few rounds of taking out more, the guess is wrong in too many places, and
            // the reference's own sort costs less.
            guard out.count * 32 <= order.count, round < 4 else { return false }
            kept.removeAll(keepingCapacity: true)
            var met: [Int] = [] // places in `kept` where two keys that were not neighbours meet
            for position in order.indices where !out.contains(position) {
                if position > 0 && out.contains(position - 1) && !kept.isEmpty { met.append(kept.count) }
                kept.append(position)
            }
            let apart = outOfOrder(met, of: kept.map { order[$0] }, keys, asking: reference, runs: runs)
            if apart.isEmpty { break }
            for place in apart {
                out.insert(kept[place - 1])
                out.insert(kept[place])
            }
        }
        let taken = out.sorted().map { order[$0] }
        let rest = kept.map { order[$0] }
        let sortedTaken = reference.order(of: taken.map { keys[$0] }).map { taken[$0] }
        let places = KeyCollation.places(of: sortedTaken.map { keys[$0] }, in: rest.map { keys[$0] }, asking: reference)
        // Stable by place: those with one place stay in the reference's order.
        let arrivals = sortedTaken.indices.sorted { (places[$0], $0) < (places[$1], $1) }
        var mended: [Int] = [], made: [Int] = []
        mended.reserveCapacity(order.count)
        var next = 0
        for place in 0...rest.count {
            while next < arrivals.count && places[arrivals[next]] == place {
                if !mended.isEmpty { made.append(mended.count) }
                mended.append(sortedTaken[arrivals[next]])
                if place < rest.count { made.append(mended.count) }
                next += 1
            }
            if place < rest.count { mended.append(rest[place]) }
        }
        guard outOfOrder(Array(Set(made)).sorted(), of: mended, keys, asking: reference, runs: runs).isEmpty else { return false }
        order = mended
        return true
    }

    /// The positions p of `positions` where the pair (`order[p - 1]`,
    /// `order[p]`) is out of order: the fast comparator's answer, else the
    /// reference's, asked at once.
    private static func outOfOrder(_ positions: [Int], of order: [Int], _ keys: [[UInt8]],
                                   asking reference: any CollationReference, runs: GuessedRuns?) -> [Int] {
        let (apart, asked) = fastAnswers(at: positions, of: order, keys, runs: runs)
        return apart + misordered(neighbours(at: asked, of: order, keys), asking: reference).map { asked[$0] }
    }

    /// Of the positions p in `positions`, those whose pair (`order[p - 1]`,
    /// `order[p]`) the fast comparator finds out of order, and those it
    /// cannot tell, but for pairs Foundation cannot find out of order
    /// (``startsAlikeCompare(_:_:)``, ``decomposedCompare(_:_:)``).
    private static func fastAnswers(at positions: some Sequence<Int>, of order: [Int], _ keys: [[UInt8]], runs: GuessedRuns?)
        -> (apart: [Int], undecided: [Int]) {
        var apart: [Int] = [], undecided: [Int] = []
        // A key is in two pairs of neighbours: its levels, read for the first, serve the second.
        var last: (key: Int, levels: DecomposedLevels?)? = nil
        func levels(_ key: Int, _ text: UnsafeBufferPointer<UInt8>) -> DecomposedLevels? {
            if let last, last.key == key { return last.levels }
            let levels = decomposedLevels(text)
            last = (key, levels)
            return levels
        }
        for position in positions {
            let keyA = order[position - 1], keyB = order[position]
            keys[keyA].withUnsafeBufferPointer { a in
                keys[keyB].withUnsafeBufferPointer { b in
                    if let decided = fastCompare(a, b) {
                        if decided >= 0 { apart.append(position) }
                    } else if startsAlikeCompare(a, b) != -1
                                && decomposedCompare(a, b, levels(keyA, a), levels(keyB, b), firstLevel: runs?.compare(keyA, keyB)) != -1 {
                        undecided.append(position)
                    }
                }
            }
        }
        return (apart, undecided)
    }

    /// The pairs (`keys[order[p - 1]]`, `keys[order[p]]`) at positions p.
    private static func neighbours(at positions: [Int], of order: [Int], _ keys: [[UInt8]]) -> [(a: [UInt8], b: [UInt8])] {
        positions.map { (a: keys[order[$0 - 1]], b: keys[order[$0]]) }
    }
}
