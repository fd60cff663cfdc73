/// The fixed rule for pairs of keys that swift-corelibs-foundation does not
/// order the same way at every run.
///
/// CoreFoundation reads the keys it compares through buffers of 64 UTF-16
/// units, and on Linux, for some pairs with a key longer than that, its
/// answer changes from one process to the next: keys alike but for case
/// (about one pair in fifteen of those generated), keys that first differ
/// past their 60th unit, a long run of one punctuation character. `fmt`
/// would then write such a catalog differently at every run, and `check`
/// would disagree with it. No answer is Foundation's for those pairs, so
/// every pair with a key over 64 units is ordered by this rule, which
/// asks Foundation only about pieces of at most 64 units, where its answer
/// is the same at every run:
///
/// 1. Skip the start both keys share but for case (backed up to a place
///    where nothing joins across: after an ASCII character that is not a
///    digit, before any combining mark).
/// 2. Foundation compares the next pieces of at most 64 units of each, case
///    aside; where it finds them different, that is the answer. Alike, the
///    keys are read on from after the pieces.
/// 3. Keys alike throughout but for case: the first difference in case
///    decides, lower case first (as for shorter keys); then Foundation on
///    the last pieces.
///
/// Where Foundation's answer for such a pair does not change from run to
/// run, the rule gives the same answer on every real catalog tested
/// (`FoundationOrderTests`).
enum LongKeys {
    /// The rule's answer, or nil when neither key is over 64 UTF-16 units.
    static func compare(_ a: String, _ b: String) -> Int? {
        guard a.utf16.count > 64 || b.utf16.count > 64 else { return nil }
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        var i = 0, j = 0
        var last: (String, String) = ("", "")
        while true {
            let startA = i, startB = j
            while i < x.count && j < y.count && (x[i] == y[j] || folded(x[i]) == folded(y[j])) {
                i += 1
                j += 1
            }
            while i > startA && j > startB && (!isBoundary(x, i) || !isBoundary(y, j)) {
                i -= 1
                j -= 1
            }
            if i == x.count && j == y.count { break }
            let pieceA = piece(x, from: i), pieceB = piece(y, from: j)
            let wordsA = String(String.UnicodeScalarView(x[i..<pieceA])), wordsB = String(String.UnicodeScalarView(y[j..<pieceB]))
            let order = FoundationOrder.compare(wordsA, wordsB, caseInsensitiveOnly: true)
            if order != 0 { return order }
            last = (wordsA, wordsB)
            i = pieceA
            j = pieceB
        }
        return caseOrder(x, y) ?? FoundationOrder.compare(last.0, last.1)
    }

    /// A scalar with its case set aside.
    private static func folded(_ scalar: Unicode.Scalar) -> String {
        scalar.isASCII ? String(Character(scalar)).lowercased() : scalar.properties.lowercaseMapping
    }

    /// Whether nothing joins across `index` of `text` in ICU's collation:
    /// its start or end, or after an ASCII character other than a digit,
    /// and not before a combining mark.
    private static func isBoundary(_ text: [Unicode.Scalar], _ index: Int) -> Bool {
        guard index > 0 else { return true }
        let before = text[index - 1]
        guard before.isASCII, !("0"..."9").contains(before) else { return false }
        return index == text.count || !isMark(text[index])
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return scalar.properties.canonicalCombiningClass != .notReordered
        }
    }

    /// The end of the piece from `start`: the rest of `text` if it fits in
    /// 64 UTF-16 units, else the last boundary within 64 (or 64 units when
    /// there is none).
    private static func piece(_ text: [Unicode.Scalar], from start: Int) -> Int {
        var end = start, units = 0
        while end < text.count && units + text[end].utf16.count <= 64 {
            units += text[end].utf16.count
            end += 1
        }
        guard end < text.count else { return end }
        var cut = end
        while cut > start + 1 && !isBoundary(text, cut) { cut -= 1 }
        return cut > start + 1 ? cut : end
    }

    /// Keys alike but for case: the first letter in another case decides,
    /// lower case first. Nil when no letter differs in case alone.
    private static func caseOrder(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar]) -> Int? {
        for (p, q) in zip(x, y) where p != q {
            guard folded(p) == folded(q) else { return nil }
            let lowerP = p.properties.isLowercase, lowerQ = q.properties.isLowercase
            if lowerP != lowerQ { return lowerP ? -1 : 1 }
            return p.value < q.value ? -1 : 1
        }
        return nil
    }
}
