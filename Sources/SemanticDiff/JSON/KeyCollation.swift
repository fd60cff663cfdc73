/// The order in which Xcode writes keys: Foundation's `.sortedKeys`, that is
///
/// ```swift
/// a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering],
///           range: a.startIndex..<a.endIndex, locale: Locale(identifier: ""))
/// ```
///
/// Foundation walks both strings folding `A`–`Z` to lower case; where both
/// sides hold ASCII digits it compares the runs by value (in a wrapping
/// 64-bit integer); at the first other difference it asks ICU's root
/// collation, which for two printable ASCII characters means their root
/// primary weights (space, then punctuation and symbols in ICU's order, then
/// digits, then letters). A string that runs out first sorts first.
///
/// ``compare(_:_:)`` follows that walk directly over UTF-8 and decides the
/// common cases itself. It defers to Foundation only where the answer needs
/// more of ICU than the ASCII table: a first difference involving a non-ASCII
/// or control character, strings equal but for case or leading zeros (the
/// forced-ordering tie-break), or digit runs too long for 64 bits.
/// `KeyCollationTests` proves it equal to Foundation over every key of the
/// corpus and generated keys.
public enum KeyCollation {
    /// Negative, zero or positive as `a` sorts before, with, or after `b`.
    /// Zero only for identical keys.
    public static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        if let decided = fastCompare(a, b) { return decided }
        return FoundationCollation.compare(a, b)
    }

    public static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in compare(a, b) } }
    }

    public static func compare(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { a in b.withUTF8 { b in compare(a, b) } }
    }

    /// Whether `a` sorts before `b`.
    public static func precedes(_ a: String, _ b: String) -> Bool { compare(a, b) < 0 }

    /// The answer when it follows from the walk and the ASCII table alone,
    /// else nil.
    public static func fastCompare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
        let countA = a.count, countB = b.count
        var i = 0, j = 0
        while i < countA && j < countB {
            var x = a[i], y = b[j]
            if x &- UInt8(ascii: "A") < 26 { x |= 0x20 }
            if y &- UInt8(ascii: "A") < 26 { y |= 0x20 }
            if x &- UInt8(ascii: "0") < 10 && y &- UInt8(ascii: "0") < 10 {
                let runA = digitRun(a, from: i), runB = digitRun(b, from: j)
                if runA.value != runB.value { return runA.value < runB.value ? -1 : 1 }
                // Equal 64-bit values of different numbers: the walk wrapped around, ICU would not.
                if runA.significant != runB.significant || runA.significant > 19 {
                    if !digitsEqual(a, runA, b, runB) { return nil }
                }
                i = runA.end
                j = runB.end
                continue
            }
            if x != y {
                let rankX = asciiRank[Int(x)], rankY = asciiRank[Int(y)]
                if rankX == 0 || rankY == 0 { return nil }
                return rankX < rankY ? -1 : 1
            }
            i += 1
            j += 1
        }
        if i < countA { return 1 }
        if j < countB { return -1 }
        // Equal but for case or leading zeros, or identical.
        if countA == countB && a.elementsEqual(b) { return 0 }
        return nil
    }

    private struct DigitRun {
        var value: UInt64
        var end: Int
        var firstSignificant: Int
        var significant: Int { end - firstSignificant }
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

    private static func digitsEqual(_ a: UnsafeBufferPointer<UInt8>, _ runA: DigitRun,
                                    _ b: UnsafeBufferPointer<UInt8>, _ runB: DigitRun) -> Bool {
        UnsafeBufferPointer(rebasing: a[runA.firstSignificant..<runA.end])
            .elementsEqual(UnsafeBufferPointer(rebasing: b[runB.firstSignificant..<runB.end]))
    }

    /// ICU root primary order of printable ASCII, lower case folded; 0 for
    /// bytes the table does not decide (controls, DEL, non-ASCII).
    private static let asciiRank: [UInt8] = {
        let order = #" _-,;:!?.'"()[]{}@*/\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz"#
        var table = [UInt8](repeating: 0, count: 256)
        for (rank, byte) in order.utf8.enumerated() {
            table[Int(byte)] = UInt8(rank + 1)
        }
        // Every digit has the rank of the digit run it starts.
        for digit in UInt8(ascii: "0")...UInt8(ascii: "9") {
            table[Int(digit)] = table[Int(UInt8(ascii: "0"))]
        }
        return table
    }()
}
