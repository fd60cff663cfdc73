/// The order in which Xcode writes keys: Foundation's `.sortedKeys`, that is
///
/// ```swift
/// a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering],
///           range: a.startIndex..<a.endIndex, locale: Locale(identifier: ""))
/// ```
///
/// Foundation (CoreFoundation's `CFStringCompareWithOptionsAndLocale`) walks
/// both strings code unit by code unit. Where both hold ASCII digits it
/// compares the two runs by value, in a 64-bit integer that wraps, and
/// returns at once if they differ. At the first other difference between
/// two ASCII characters it asks ICU's root collation about the whole
/// strings (case-insensitive, digit runs by their true value), and returns
/// ICU's answer unless ICU finds them equal. A string that is a prefix of the
/// other sorts first. Ties (case, leading zeros, ignorable characters) are
/// broken by further rules.
///
/// ``walkCompare(_:_:)`` follows that walk over UTF-8 and answers itself
/// where the answer is certain: a numeric difference, a prefix, a
/// difference ICU decides at its first level between printable ASCII
/// characters, a tie between printable ASCII keys, keys alike but for the
/// case of ASCII letters, and accents typed as combining marks after ASCII
/// letters. Everything else (other scripts, curly quotes, ties it cannot
/// reproduce) is nil: ``KeyOrder`` asks Foundation itself. The tests prove
/// the walk equal to Foundation over every key of the corpus and over
/// generated keys.
public enum KeyCollation {
    /// The answer when it follows from Foundation's walk and the ASCII
    /// table alone, else nil.
    public static func walkCompare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
        let countA = a.count, countB = b.count
        // Neighbouring keys mostly share a long start, which the walk would step through byte by byte
        // to no effect: it starts where they first differ, or at the start of the digits that place is
        // in (numbers are compared whole), which is where the walk would be with the same state.
        var i = commonPrefixCount(a, b)
        while i > 0 && a[i - 1] &- UInt8(ascii: "0") < 10 { i -= 1 }
        var j = i
        while i < countA && j < countB {
            let x = a[i], y = b[j]
            if x &- UInt8(ascii: "0") < 10 && y &- UInt8(ascii: "0") < 10 {
                let runA = digitRun(a, from: i), runB = digitRun(b, from: j)
                if runA.value != runB.value { return runA.value < runB.value ? -1 : 1 }
                // Equal in 64 bits but longer than 64 bits hold: ICU, asked at the next difference, compares the true values.
                if runA.significant > 18 || runB.significant > 18 { return nil }
                // The same number with other leading zeros, after a character outside ASCII: ICU may
                // read a digit of another script there as the start of the number (３0 against ３00),
                // and Foundation's answer is ICU's, not the walk's.
                if runA.end - i != runB.end - j && ((i > 0 && a[i - 1] >= 0x80) || (j > 0 && b[j - 1] >= 0x80)) { return nil }
                i = runA.end
                j = runB.end
                continue
            }
            if x != y {
                if x >= 0x80 || y >= 0x80 {
                    // Only accents typed as marks after ASCII are known here; other characters are Foundation's.
                    if i == j, mayBeAtMark(a, i, b), let base = markedBase(a, i, b) { return markedPrimaryCompare(a, b, from: base) }
                    return typographicCompare(a, i, b, j)
                }
                let placeX = asciiPlace[Int(x)], placeY = asciiPlace[Int(y)]
                guard placeX != 255, placeY != 255 else { return nil }
                // Two ASCII characters ICU weighs differently decide at once, unless the character
                // before them is outside ASCII and could join them into one unit (Foundation's to answer).
                if placeX != placeY {
                    guard isJoinless(before: i, in: a), isJoinless(before: j, in: b) else { return nil }
                    return placeX < placeY ? -1 : 1
                }
                guard asciiRank[Int(x)] != 0 else { return nil }
                // The same letter in another case: ICU reads on through the whole strings.
                if let decided = primaryCompare(a, b) ?? afterCaseCompare(a, b) { return decided }
                guard isShortPrintableASCII(a) && isShortPrintableASCII(b) else { return caseOnlyCompare(a, b) }
                return tieBreak(a, b)
            }
            i += 1
            j += 1
        }
        if i < countA { return 1 }
        if j < countB { return -1 }
        // Equal but for leading zeros (or digit runs that wrapped), or identical.
        if countA == countB && a.elementsEqual(b) { return 0 }
        guard isShortPrintableASCII(a) && isShortPrintableASCII(b) && primaryCompare(a, b) == nil else { return nil }
        return tieBreak(a, b)
    }

    /// Foundation's forced ordering of two printable ASCII strings that ICU
    /// finds equal: the first difference decides, lower case before upper
    /// case and a digit run with fewer leading zeros first. Nil for digit
    /// runs long enough to wrap Foundation's 64-bit walk.
    static func tieBreak(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
        // Keys with a longer number anywhere may not be equal for ICU at all (``primaryCompare(_:_:)``
        // leaves them undecided): Foundation orders `02N9…` (25 digits) before `2n3…`.
        if hasLongNumber(a) || hasLongNumber(b) { return nil }
        var i = 0, j = 0
        while i < a.count && j < b.count {
            let x = a[i], y = b[j]
            if x &- UInt8(ascii: "0") < 10 && y &- UInt8(ascii: "0") < 10 {
                let runA = digitRun(a, from: i), runB = digitRun(b, from: j)
                let lengthA = runA.end - i, lengthB = runB.end - j
                guard lengthA <= 18 && lengthB <= 18 else { return nil }
                if lengthA != lengthB { return lengthA < lengthB ? -1 : 1 }
                i = runA.end
                j = runB.end
                continue
            }
            if x != y {
                // Equal at ICU's first level, so these are one letter in two cases.
                return x & 0x20 != 0 ? -1 : 1
            }
            i += 1
            j += 1
        }
        return nil
    }

    /// Two keys the same but for the case of some ASCII letters, neither
    /// over 64 UTF-16 units, whatever else they hold (`Settings…` and
    /// `settings…`): ICU finds them equal, and Foundation's forced order
    /// puts first the key whose first different letter is in lower case, as
    /// for printable ASCII (``tieBreak(_:_:)``). Measured on 620,000
    /// generated pairs with accents, marks, symbols, spaces, digits of
    /// several scripts, emoji, ideographs, `ß`, `ﬁ`, `İ` and `ı` among the
    /// letters: no other answer. Nil for any other pair.
    static func caseOnlyCompare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
        guard a.count == b.count, fitsInlineBuffer(a) else { return nil }
        var order = 0
        for index in a.indices where a[index] != b[index] {
            let x = a[index], y = b[index]
            guard x ^ y == 0x20, (x | 0x20) &- UInt8(ascii: "a") < 26 else { return nil }
            if order == 0 { order = x & 0x20 != 0 ? -1 : 1 }
        }
        return order == 0 ? nil : order
    }

    /// ICU root collation of two whole strings at its first level, as far
    /// as printable ASCII and the typographic characters of
    /// ``firstLevelOrder`` take it: letters without case, digit runs by
    /// value, everything else by the root order. Nil when that level does not
    /// decide before another character comes.
    static func primaryCompare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
        let countA = a.count, countB = b.count
        var i = 0, j = 0
        while i < countA && j < countB {
            let x = a[i], y = b[j]
            if x &- UInt8(ascii: "0") < 10 && y &- UInt8(ascii: "0") < 10 {
                let runA = digitRun(a, from: i), runB = digitRun(b, from: j)
                // A digit of another script would continue the number for ICU.
                if (runA.end < countA && a[runA.end] >= 0x80) || (runB.end < countB && b[runB.end] >= 0x80) { return nil }
                // Nor are numbers of more digits than 64 bits hold compared here: Foundation orders
                // `02N9…` before `2n3…` from 25 digits on, where their values say the other way.
                if runA.significant > 18 || runB.significant > 18 { return nil }
                if runA.significant != runB.significant { return runA.significant < runB.significant ? -1 : 1 }
                for offset in 0..<runA.significant {
                    let digitA = a[runA.firstSignificant + offset], digitB = b[runB.firstSignificant + offset]
                    if digitA != digitB { return digitA < digitB ? -1 : 1 }
                }
                i = runA.end
                j = runB.end
                continue
            }
            // Anything outside the table before a difference: ICU's answer is not known here.
            guard let weightX = singleWeightRank(a, at: i), let weightY = singleWeightRank(b, at: j) else { return nil }
            if weightX.rank != weightY.rank { return weightX.rank < weightY.rank ? -1 : 1 }
            i += weightX.length
            j += weightY.length
        }
        // One string ran out: shorter first, but only where nothing else could
        // count (Foundation answers otherwise for some long non-ASCII strings,
        // and for ASCII ones over 64 characters: ``isShortPrintableASCII(_:)``).
        guard isPrintableASCII(a) && isPrintableASCII(b) else { return nil }
        if countA > 64 || countB > 64 {
            guard i == j, ranOutClearly(i < countA ? b : a) else { return nil }
        }
        if i < countA { return 1 }
        if j < countB { return -1 }
        return nil
    }

    /// Two keys alike at ICU's first level in printable ASCII other than
    /// digits (some letters in another case) up to where they go on past
    /// it, both of at most 64 UTF-16 units (``fitsInlineBuffer(_:)``):
    /// `Peak` against `peak %@ · %@`, `Library – 66` against `library 146`.
    /// Where one runs out and the other goes on with printable ASCII
    /// (`CONNECTING` against `Connecting...`), the shorter sorts first,
    /// whatever comes after. Foundation's walk reads a letter in another
    /// case as the same and stops there; ICU's window from the character
    /// before differs first there too. Nil otherwise.
    static func afterCaseCompare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
        guard fitsInlineBuffer(a), fitsInlineBuffer(b) else { return nil }
        var index = 0
        while index < a.count && index < b.count {
            let x = a[index], y = b[index]
            // All before is ASCII: both sides are at the start of a character.
            if x >= 0x80 || y >= 0x80 { return nil }
            guard x &- UInt8(ascii: "0") >= 10, y &- UInt8(ascii: "0") >= 10 else { return nil }
            let rankX = asciiRank[Int(x)], rankY = asciiRank[Int(y)]
            guard rankX != 0, rankX == rankY else { return nil }
            index += 1
        }
        if index < a.count { return a[index] < 0x80 && asciiRank[Int(a[index])] != 0 ? 1 : nil }
        if index < b.count { return b[index] < 0x80 && asciiRank[Int(b[index])] != 0 ? -1 : nil }
        return nil
    }

    /// Whether a key of printable ASCII that runs out where a longer one
    /// (over 64 characters) goes on, the same but for case, sorts first as
    /// it does below 64: when it has at most 64 characters and does not end
    /// in a space or one of `$+<=>^`|~`. Foundation puts `"Y^"` after
    /// `"y^" + 63 × "a"` and about half of such pairs the other way, and
    /// for some of them its answer changes from one process to the next
    /// (it depends on where memory lies: the helper gave two answers for one
    /// pair in 40 runs); past 64 characters the shorter key comes second in a
    /// few pairs whatever it ends with. Those stay Foundation's to answer;
    /// `Brew Path` before `Brew path has been modified…` is decided here.
    @inline(__always) static func ranOutClearly(_ shorter: UnsafeBufferPointer<UInt8>) -> Bool {
        guard shorter.count <= 64, let last = shorter.last else { return false }
        switch last {
        case UInt8(ascii: " "), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "<"), UInt8(ascii: "="),
             UInt8(ascii: ">"), UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return false
        default:
            return true
        }
    }

    /// ICU's first level for keys of ASCII letters and punctuation with
    /// combining diacritical marks (U+0300–U+0362, `cafe\u{301}`, accents
    /// typed decomposed): the marks weigh nothing there, so the first
    /// difference between the remaining characters decides. Nil without a
    /// mark, with a digit or another character before a difference; a key
    /// that runs out first sorts first, and keys equal there are decided by
    /// their marks (``markedSecondaryCompare(_:_:)``).
    ///
    /// `start` is where to begin when the keys' bytes before it are the same
    /// (``markedBase(_:_:_:)``).
    static func markedPrimaryCompare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        // The walk below gives up at the first character outside ASCII that is not a mark, where most keys
        // in other scripts start: no need to look for marks in them.
        guard start > 0 || (mayStartMarked(a) && mayStartMarked(b) && (hasMark(a) || hasMark(b))) else { return nil }
        let countA = a.count, countB = b.count
        // A key of exactly 65 UTF-16 units, one past Foundation's buffer of 64: where the answer comes
        // after the first difference, Foundation mostly gives the other one (`a` × 52, `e`, `a` × 11, `b`
        // against `a` × 52, `e\u{301}`, `a` × 11, `c` sorts second).
        if (countA >= 65 && utf16Count(a) == 65) || (countB >= 65 && utf16Count(b) == 65) { return nil }
        var i = start, j = start
        var caseDiffers = false
        while true {
            while i + 1 < countA && isMark(a[i], a[i + 1]) { i += 2 }
            while j + 1 < countB && isMark(b[j], b[j + 1]) { j += 2 }
            guard i < countA && j < countB else {
                // One ran out at this level: it sorts first if what the other
                // has next weighs something there; equal, the marks decide.
                // Past 64 bytes, after a difference in case, Foundation may
                // answer otherwise (``isShortPrintableASCII(_:)``).
                if caseDiffers && (countA > 64 || countB > 64) { return nil }
                if i < countA { return a[i] < 0x80 && asciiRank[Int(a[i])] != 0 ? 1 : nil }
                if j < countB { return b[j] < 0x80 && asciiRank[Int(b[j])] != 0 ? -1 : nil }
                return markedSecondaryCompare(a, b)
            }
            let x = a[i], y = b[j]
            guard x < 0x80, y < 0x80, x &- UInt8(ascii: "0") >= 10, y &- UInt8(ascii: "0") >= 10 else { return nil }
            let rankX = asciiRank[Int(x)], rankY = asciiRank[Int(y)]
            guard rankX != 0, rankY != 0 else { return nil }
            if rankX != rankY { return rankX < rankY ? -1 : 1 }
            caseDiffers = caseDiffers || x != y
            i += 1
            j += 1
        }
    }

    /// ICU's second level for two such keys equal at the first: character by
    /// character, the marks after each; where one has none and the other
    /// some, the one without sorts first (a mark weighs more than no mark).
    /// Nil where both have different marks (their order is ICU's table's),
    /// a mark stands first, CGJ (U+034F, which weighs nothing at all), or
    /// nothing differs.
    static func markedSecondaryCompare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
        func marks(_ text: UnsafeBufferPointer<UInt8>, after index: inout Int) -> Range<Int>? {
            let start = index
            while index + 1 < text.count && isMark(text[index], text[index + 1]) {
                if text[index] == 0xCD && text[index + 1] == 0x8F { return nil }
                index += 2
            }
            return start..<index
        }
        var i = 0, j = 0
        guard let leadingA = marks(a, after: &i), let leadingB = marks(b, after: &j), leadingA.isEmpty, leadingB.isEmpty else { return nil }
        while i < a.count && j < b.count {
            // The same first-level character; one outside ASCII (before a
            // difference, not checked by the first level) is left to Foundation.
            guard a[i] < 0x80, b[j] < 0x80 else { return nil }
            i += 1
            j += 1
            guard let marksA = marks(a, after: &i), let marksB = marks(b, after: &j) else { return nil }
            if marksA.isEmpty != marksB.isEmpty { return marksA.isEmpty ? -1 : 1 }
            guard marksA.count == marksB.count,
                  zip(marksA, marksB).allSatisfy({ a[$0] == b[$1] }) else { return nil }
        }
        return nil
    }

    /// Where the first difference between two keys, at `index` of both,
    /// lies in the marks after an ASCII character other than a digit, and
    /// the bytes before are the same ASCII and marks: that character's
    /// index, else nil. From there ``markedPrimaryCompare(_:_:from:)`` reads
    /// on (the same bytes before weigh the same, and no ASCII character
    /// forms one unit with what follows it in ICU's root collation).
    @inline(__always)
    static func markedBase(_ a: UnsafeBufferPointer<UInt8>, _ index: Int, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
        // The difference may be a mark's second byte, or a mark on one side only.
        var start = index
        if start > 0 && a[start] & 0xC0 == 0x80 { start -= 1 }
        let atMark = (start + 1 < a.count && isMark(a[start], a[start + 1])) || (start + 1 < b.count && isMark(b[start], b[start + 1]))
        guard atMark else { return nil }
        for offset in 0..<index where a[offset] != b[offset] { return nil }
        while start >= 2 && isMark(a[start - 2], a[start - 1]) { start -= 2 }
        guard start > 0 else { return nil }
        let base = a[start - 1]
        guard base < 0x80, base &- UInt8(ascii: "0") >= 10 else { return nil }
        var before = 0
        while before < start - 1 {
            if a[before] < 0x80 { before += 1 } else if isMark(a[before], a[before + 1]) { before += 2 } else { return nil }
        }
        return start - 1
    }

    /// What ``markedBase(_:_:_:)`` needs before it looks further, where the
    /// keys' bytes before `index` are the same: a mark's first byte (CC or
    /// CD) at `index` on either side, or before it when `index` is inside a character.
    @inline(__always)
    static func mayBeAtMark(_ a: UnsafeBufferPointer<UInt8>, _ index: Int, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        if a[index] & 0xC0 == 0x80 { return index > 0 && a[index - 1] | 1 == 0xCD }
        return a[index] | 1 == 0xCD || b[index] | 1 == 0xCD
    }

    /// Whether the two bytes encode a combining mark of U+0300–U+0362
    /// (UTF-8 CC 80 … CD A2).
    @inline(__always) static func isMark(_ lead: UInt8, _ next: UInt8) -> Bool {
        (lead == 0xCC && next &- 0x80 < 0x40) || (lead == 0xCD && next &- 0x80 <= 0x22)
    }

    /// Whether `text` is empty or starts with ASCII or a mark.
    @inline(__always) static func mayStartMarked(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.isEmpty || text[0] < 0x80 || (text.count > 1 && isMark(text[0], text[1]))
    }

    @inline(__always) static func hasMark(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index + 1 < text.count {
            // Most bytes are not a mark's first (CC or CD): one test each.
            if text[index] | 1 == 0xCD && isMark(text[index], text[index + 1]) { return true }
            index += 1
        }
        return false
    }

    /// Printable ASCII of at most 64 characters. Past 64, Foundation orders
    /// keys that differ only in case and length otherwise: `"Y^" + 63 × "a"`
    /// sorts before `"y^"` (and so with a space, `=`, `~` or `$` for `^`),
    /// but `"Y^" + 62 × "a"` after it. Such pairs are left to Foundation.
    @inline(__always) static func isShortPrintableASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.count <= 64 && isPrintableASCII(text)
    }

    @inline(__always) static func isPrintableASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text where byte &- 0x20 >= 0x5F { return false }
        return true
    }

    private struct DigitRun {
        var value: UInt64
        var end: Int
        var firstSignificant: Int
        var significant: Int { end - firstSignificant }
    }

    /// Whether `text` has a run of more than 18 digits (more than 64 bits hold).
    static func hasLongNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var run = 0
        for byte in text {
            run = byte &- UInt8(ascii: "0") < 10 ? run + 1 : 0
            if run > 18 { return true }
        }
        return false
    }

    /// How many UTF-16 code units `text` takes (Foundation's characters).
    static func utf16Count(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var units = 0
        for byte in text where byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
        return units
    }

    /// How many bytes `a` and `b` start with alike, compared eight at a time.
    static func commonPrefixCount(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let count = Swift.min(a.count, b.count)
        guard count > 0, let baseA = a.baseAddress, let baseB = b.baseAddress else { return 0 }
        let rawA = UnsafeRawPointer(baseA), rawB = UnsafeRawPointer(baseB)
        var index = 0
        while index + 8 <= count {
            let difference = rawA.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ rawB.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if difference != 0 { return index + UInt64(littleEndian: difference).trailingZeroBitCount / 8 }
            index += 8
        }
        while index < count && a[index] == b[index] { index += 1 }
        return index
    }

    @inline(__always)
    private static func digitRun(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> DigitRun {
        var value: UInt64 = 0
        var index = start
        var firstSignificant = -1
        while index < text.count, text[index] &- UInt8(ascii: "0") < 10 {
            let digit = text[index] &- UInt8(ascii: "0")
            if firstSignificant < 0 && digit != 0 { firstSignificant = index }
            value = value &* 10 &+ UInt64(digit)
            index += 1
        }
        return DigitRun(value: value, end: index, firstSignificant: firstSignificant < 0 ? index : firstSignificant)
    }

    /// ICU root primary order of printable ASCII: 1-based places in
    /// ``firstLevelOrder``; 0 for bytes it does not hold (controls, DEL,
    /// non-ASCII).
    static let asciiRank: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for (rank, characters) in firstLevelOrder.enumerated() {
            for byte in characters.utf8 where byte < 0x80 { table[Int(byte)] = UInt8(rank + 1) }
        }
        for digit in UInt8(ascii: "1")...UInt8(ascii: "9") {
            table[Int(digit)] = table[Int(UInt8(ascii: "0"))]
        }
        for letter in UInt8(ascii: "A")...UInt8(ascii: "Z") {
            table[Int(letter)] = table[Int(letter | 0x20)]
        }
        return table
    }()

    /// The places of ASCII characters at ICU's first level: `2r` for rank
    /// `r`; tab, line feed, vertical tab, form feed and carriage return
    /// weigh less than a space (place 1, alike as far as this table knows);
    /// the other controls and DEL weigh nothing there (255, unknown).
    static let asciiPlace: [UInt8] = {
        var table = asciiRank.prefix(0x80).map { $0 == 0 ? UInt8(255) : 2 * $0 }
        for control in 0x09...0x0D { table[control] = 1 }
        return table
    }()

    /// Whether `text` has at most 64 UTF-16 code units. Foundation reads
    /// its windows through a buffer of 64, and past it answers otherwise for
    /// some pairs (and, on Linux, not the same from one run to the next).
    @inline(__always) public static func fitsInlineBuffer(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.count <= 64 || utf16Count(text) <= 64
    }

    /// The index of the first byte of the character whose encoding holds
    /// the byte at `index`.
    @inline(__always) static func characterStart(_ text: UnsafeBufferPointer<UInt8>, containing index: Int) -> Int {
        var start = index
        while start > 0 && start < text.count && text[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }

    /// How many bytes the UTF-8 encoding that starts with `lead` takes.
    @inline(__always) package static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// The Unicode scalar whose UTF-8 encoding starts at `index`.
    @inline(__always) package static func scalar(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        let lead = UInt32(text[index])
        switch lead {
        case 0..<0x80: return lead
        case 0xC0..<0xE0: return (lead & 0x1F) << 6 | UInt32(text[index + 1] & 0x3F)
        case 0xE0..<0xF0: return (lead & 0x0F) << 12 | UInt32(text[index + 1] & 0x3F) << 6 | UInt32(text[index + 2] & 0x3F)
        default:
            return (lead & 0x07) << 18 | UInt32(text[index + 1] & 0x3F) << 12 | UInt32(text[index + 2] & 0x3F) << 6
                | UInt32(text[index + 3] & 0x3F)
        }
    }
}
