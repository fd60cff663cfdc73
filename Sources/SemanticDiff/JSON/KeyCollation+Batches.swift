/// Sorting and order checks over many keys: the fast comparator first, and
/// what it leaves undecided asked of ``KeyCollation/reference`` in one
/// request, never one pair at a time.
extension KeyCollation {
    /// The indices of `keys` in Xcode's order; equal keys keep theirs.
    public static func order(of keys: [[UInt8]]) -> [Int] { order(of: keys, asking: reference) }

    /// ``order(of:)`` with `reference` for the pairs the fast comparator cannot tell.
    static func order(of keys: [[UInt8]], asking reference: any CollationReference) -> [Int] {
        sorted(Array(keys.indices), compare: { x, y, guessed in
            keys[x].withUnsafeBufferPointer { a in keys[y].withUnsafeBufferPointer { b in compareOrGuess(a, b, guessed: &guessed) } }
        }, head: { keys[$0].withUnsafeBufferPointer(KeyHead.init) }, key: { keys[$0] }, asking: reference)
    }

    /// `items` in the order of their keys (stable), sorted with `compare`
    /// over two items' keys (``compareOrGuess(_:_:guessed:)``), where the
    /// keys' heads (``KeyHead``, `head`) do not already tell. Where it had
    /// to guess, the result stands if Foundation finds every pair of
    /// neighbours in order, asked at once for the pairs the fast comparator
    /// cannot tell, or once it is mended where a few are not
    /// (``confirm(_:of:asking:mending:)``); else the reference sorts every
    /// item's `key`. Keys mostly in another script (``sortsByGuesses(_:)``),
    /// or that the fast comparator often cannot tell apart
    /// (``undecidedOften(_:key:)``), are sorted by their guesses alone first
    /// (``guessedOrder(of:)``), and the comparator read only at neighbours.
    static func sorted<Item>(_ items: [Item], compare: (Item, Item, inout Bool) -> Int, head: (Item) -> KeyHead,
                             key: (Item) -> [UInt8], asking reference: any CollationReference = reference) -> [Item] {
        var guessed = false
        // An object of a few members is sorted in a few comparisons: its heads would cost more than they save
        // (a compact catalog's thousands of small objects were 9% slower to write with them).
        let heads = items.count >= KeyHead.worthwhileCount ? items.map(head) : []
        if sortsByGuesses(heads) || undecidedOften(items.count, key: { key(items[$0]) }) {
            let keys = items.map(key)
            if let order = orderAsGiven(keys, asking: reference) { return order.map { items[$0] } }
            let runs = GuessedRuns(keys)
            var order = guessedOrder(runs, of: keys)
            switch settle(&order, of: keys, asking: reference, mending: true, runs: runs) {
            case .inOrder: return order.map { items[$0] }
            // The guesses go against the fast comparator in many places: sorting with it may still do.
            case .againstComparator: break
            // Against Foundation: the sort below would guess alike, and end where this does.
            case .againstReference: return reference.order(of: keys).map { items[$0] }
            }
        }
        let headsMayDecide = heads.contains { $0.mayDecide }
        let order = items.indices.sorted { x, y in
            if headsMayDecide, let decided = KeyHead.compare(heads[x], heads[y]) { return decided < 0 }
            let order = compare(items[x], items[y], &guessed)
            return order < 0 || (order == 0 && x < y)
        }
        guard guessed else { return order.map { items[$0] } }
        let keys = items.map(key)
        var mended = order
        if confirm(&mended, of: keys, asking: reference, mending: true) { return mended.map { items[$0] } }
        return reference.order(of: keys).map { items[$0] }
    }

    /// The fast comparator's answer; where it has none, ``guessCompare(_:_:)``'s,
    /// and `guessed` set.
    @inline(__always)
    static func compareOrGuess(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, guessed: inout Bool) -> Int {
        if let decided = fastCompare(a, b) { return decided }
        guessed = true
        return guessCompare(a, b)
    }

    /// A likely answer for a pair the fast comparator leaves undecided: the
    /// keys' first-level weights as the guess reads them (``GuessedWeights``)
    /// from where they differ; alike there, ``guessCompareAlike(_:_:from:)``.
    /// Right for most such pairs, and a total order, so a sort with it is
    /// one Foundation can confirm neighbour by neighbour.
    static func guessCompare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let start = guessStart(a, b)
        return guessFirstLevelCompare(a, b, from: start) ?? guessCompareAlike(a, b, from: start)
    }

    /// The first difference in two keys' first-level weights as the guess
    /// reads them (``GuessedWeights``) from `start`; nil where they are alike.
    static func guessFirstLevelCompare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var x = GuessedWeights(a, from: start), y = GuessedWeights(b, from: start)
        while true {
            switch (x.next(), y.next()) {
            case (nil, nil): return nil
            case (_?, nil): return 1
            case (nil, _?): return -1
            case let (p?, q?): if p != q { return p < q ? -1 : 1 }
            }
        }
    }

    /// Where the guess reads two keys from: the character in which their
    /// bytes first differ, or the first digit of the number it is in (a
    /// number is read whole).
    static func guessStart(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var start = characterStart(a, containing: commonPrefixCount(a, b))
        while start > 0 && a[start - 1] &- UInt8(ascii: "0") < 10 { start -= 1 }
        return start
    }

    /// ``guessCompare(_:_:)`` for two keys alike at the first level as the
    /// guess reads it, from `start`, where they first differ: the first
    /// difference in their accents as ICU's second level reads them
    /// (``GuessedAccents``: `â` before `ấ`, typed precomposed or as marks),
    /// else the first in case (lower first), then the bytes.
    static func guessCompareAlike(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var accentsA = GuessedAccents(a, from: start), accentsB = GuessedAccents(b, from: start)
        accents: while true {
            switch (accentsA.next(), accentsB.next()) {
            case (nil, nil): break accents
            case (_?, nil): return 1
            case (nil, _?): return -1
            case let (x?, y?): if x != y { return x < y ? -1 : 1 }
            }
        }
        // Case, letter by letter: marks are skipped, so that a letter typed precomposed and the same
        // typed with marks stay in step (`é` against `e` U+0301).
        var i = start, j = start
        while i < a.count && j < b.count {
            let x = scalar(a, at: i), y = scalar(b, at: j)
            if PrimaryOrder.isCombining(x) {
                i += scalarLength(a[i])
                continue
            }
            if PrimaryOrder.isCombining(y) {
                j += scalarLength(b[j])
                continue
            }
            i += scalarLength(a[i])
            j += scalarLength(b[j])
            guard x != y else { continue }
            let lowerX = isLowercase(x), lowerY = isLowercase(y)
            if lowerX != lowerY { return lowerX ? -1 : 1 }
        }
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// Whether `scalar` is a lowercase letter: looked up in the Unicode
    /// properties, but for Latin-1, read from the code point (the properties
    /// were a tenth of a sort of 20,000 keys typed in two normalizations).
    @inline(__always) static func isLowercase(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x61...0x7A, 0xAA, 0xB5, 0xBA, 0xDF...0xF6, 0xF8...0xFF: return true
        case 0...0xFF: return false
        default: return Unicode.Scalar(scalar)?.properties.isLowercase ?? false
        }
    }

    /// The indices of `keys` in Xcode's order as a reference gives it: a
    /// stable sort with the fast comparator, and `undecided` (the
    /// reference's answer for two indices) where it cannot tell, then
    /// neighbours settled.
    ///
    /// Foundation's comparison is not an order for some keys (precomposed
    /// Vietnamese, Thai): it is not transitive, so a sort can leave
    /// neighbours it would swap, and for a few pairs it says each key sorts
    /// before (or each after) the other. Without care `fmt` would change its
    /// own output at every run. So an insertion pass over the sorted keys
    /// moves a key before its neighbour only where both answers agree that
    /// it comes first: then every pair of neighbours is in order as
    /// ``neighboursInOrder(_:asking:)`` reads it, in about n more comparisons.
    /// Every reference's ``CollationReference/order(of:)`` is this.
    public static func settledOrder(of keys: [[UInt8]], undecided: (Int, Int) -> Int) -> [Int] {
        func precedes(_ x: Int, _ y: Int) -> Bool {
            let order = keys[x].withUnsafeBufferPointer { a in
                keys[y].withUnsafeBufferPointer { b in fastCompare(a, b) }
            } ?? undecided(x, y)
            return order < 0 || (order == 0 && x < y)
        }
        var indices = Array(keys.indices)
        indices.sort(by: precedes)
        guard indices.count > 1 else { return indices }
        for next in 1..<indices.count {
            var position = next
            while position > 0 && precedes(indices[position], indices[position - 1])
                    && !precedes(indices[position - 1], indices[position]) {
                indices.swapAt(position, position - 1)
                position -= 1
            }
        }
        return indices
    }

    public static func order(of keys: [String]) -> [Int] {
        order(of: keys.map { Array($0.utf8) })
    }

    /// `values` sorted by the key of each, in Xcode's order (stable).
    public static func sorted<Value>(_ values: [Value], by key: (Value) -> String) -> [Value] {
        order(of: values.map { Array(key($0).utf8) }).map { values[$0] }
    }

    /// For each key of `added`, the number of `keys` (sorted) that sort
    /// before it: a binary search each, all run in step, so that the pairs
    /// the fast comparator leaves undecided at one step are asked of the
    /// reference in one request, at most log₂ n + 1 requests. A merge that
    /// adds many keys only Foundation orders (a Chinese catalog) asks once
    /// per halving, not once per comparison: 186 requests were 50 ms of a
    /// 56 ms merge.
    static func places(of added: [[UInt8]], in keys: [[UInt8]], asking reference: any CollationReference = reference) -> [Int] {
        places(of: added, count: keys.count, withKey: { index, body in keys[index].withUnsafeBufferPointer(body) },
               key: { keys[$0] }, asking: reference)
    }

    /// ``places(of:in:asking:)`` over `count` sorted keys read through
    /// `withKey` (in place where they can be), and copied with `key` only
    /// for the pairs the reference is asked about.
    static func places(of added: [[UInt8]], count: Int, withKey: (Int, (UnsafeBufferPointer<UInt8>) -> Int?) -> Int?,
                       key: (Int) -> [UInt8], asking reference: any CollationReference = reference) -> [Int] {
        var low = [Int](repeating: 0, count: added.count), high = [Int](repeating: count, count: added.count)
        func step(_ index: Int, _ middle: Int, _ order: Int) {
            if order < 0 { low[index] = middle + 1 } else { high[index] = middle }
        }
        while true {
            var waiting: [(index: Int, middle: Int)] = []
            for index in added.indices {
                while low[index] < high[index] {
                    let middle = (low[index] + high[index]) / 2
                    let order = withKey(middle) { a in added[index].withUnsafeBufferPointer { b in fastCompare(a, b) } }
                    guard let order else {
                        waiting.append((index, middle))
                        break
                    }
                    step(index, middle, order)
                }
            }
            if waiting.isEmpty { return low }
            let answers = reference.compare(pairs: waiting.map { (key($0.middle), added[$0.index]) })
            for (pending, order) in zip(waiting, answers) { step(pending.index, pending.middle, order) }
        }
    }
}
