import Foundation
import SemanticDiff
#if canImport(_FoundationICU)
import _FoundationICU
#endif

/// `scripts/generate-collation-table`, third part: every character's first
/// weight at the first level of ICU's root collation (the ICU behind
/// Foundation, asked through its collation elements), as a rank among all
/// such weights, with what the comparator must check around it: whether it
/// is a combining mark (canonical combining class not 0), and whether it
/// takes part in a contraction or a context (a unit of several characters,
/// like Thai's prevowel and consonant, or `и` and a combining breve).
///
/// Left without a rank: ideographs (``HanOrderGenerator``) and characters that
/// weigh nothing there. Characters whose weights are not those of their
/// canonical decomposition (`й`, `آ`: Foundation reads such a character's
/// parts one by one) are marked, their rank only a guess's. Digits (read as numbers) and unassigned code points are
/// unknown altogether.
///
/// The table is ICU's; whether Foundation's answer follows from it is
/// proven pair by pair by the collation tests.
public enum PrimaryOrderGenerator {
    /// The code points the table covers: the BMP but surrogates and private
    /// use, and the emoji and symbol blocks.
    public static let ranges: [ClosedRange<UInt32>] = [0x20...0xD7FF, 0xF900...0xFFFD, 0x1F000...0x1FAFF]

    /// One row per run of code points: `start`, the first's value, and
    /// whether the value grows by one rank per code point (`step` 1) or
    /// stays (`step` 0). A value is `rank << 4 | flags` (``KeyCollation/PrimaryOrder``).
    public static func runs() -> [(start: UInt32, value: UInt32, step: UInt8)] {
        #if canImport(_FoundationICU)
        let collation = Collation()
        defer { collation.close() }
        var weights: [UInt32: (first: UInt32?, flags: UInt32)] = [:]
        for range in ranges {
            for value in range {
                // Digits (numbers are read whole) and unassigned code points stay unknown.
                guard let scalar = Unicode.Scalar(value), scalar.properties.numericType != .decimal,
                      scalar.properties.generalCategory != .unassigned else { continue }
                var flags: UInt32 = 0
                if isMark(scalar) { flags |= KeyCollation.PrimaryOrder.combining }
                if collation.continuing.contains(value) { flags |= KeyCollation.PrimaryOrder.continues }
                if collation.continued.contains(value) { flags |= KeyCollation.PrimaryOrder.continued }
                let first = collation.firstPrimary(of: scalar)
                if first?.composed == true { flags |= KeyCollation.PrimaryOrder.composed }
                weights[value] = (first?.weight, flags)
            }
        }
        let ranks = Dictionary(uniqueKeysWithValues: Set(weights.values.compactMap(\.first)).sorted().enumerated().map { ($1, UInt32($0 + 1)) })
        return encode(ranges) { code in
            guard let entry = weights[code] else { return KeyCollation.PrimaryOrder.unknown }
            return (entry.first.map { ranks[$0]! } ?? 0) << 4 | entry.flags
        }
        #else
        fatalError("the primary order is generated from the ICU inside swift-corelibs-foundation")
        #endif
    }

    /// The code points of ``secondaryRuns()``: Latin, Greek and Cyrillic,
    /// the scripts whose letters take accents.
    public static let secondaryRanges: [ClosedRange<UInt32>] = [0x20...0x52F, 0x1E00...0x1FFF]

    /// For a guess where the first level does not tell two keys apart:
    /// every character's rank when single characters are sorted by ICU's
    /// first and second levels (`â` before `ấ`), as runs of values
    /// `rank << 4`; unknown for digits and unassigned code points.
    public static func secondaryRuns() -> [(start: UInt32, value: UInt32, step: UInt8)] {
        #if canImport(_FoundationICU)
        let collation = Collation()
        defer { collation.close() }
        let characters = secondaryRanges.joined().filter { value in
            guard let scalar = Unicode.Scalar(value) else { return false }
            return scalar.properties.numericType != .decimal && scalar.properties.generalCategory != .unassigned
        }
        let keys = characters.map { collation.secondaryKey(of: String(Unicode.Scalar($0)!)) }
        let order = characters.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
        var rankOf: [UInt32: UInt32] = [:]
        var rank: UInt32 = 0
        for (position, index) in order.enumerated() {
            if position == 0 || keys[order[position - 1]] != keys[index] { rank += 1 }
            rankOf[characters[index]] = rank
        }
        return encode(secondaryRanges) { rankOf[$0].map { $0 << 4 } ?? KeyCollation.PrimaryOrder.unknown }
        #else
        fatalError("the secondary order is generated from the ICU inside swift-corelibs-foundation")
        #endif
    }

    /// For each character marked ``KeyCollation/PrimaryOrder/composed``
    /// in `runs`, the rank of its canonical decomposition's first character
    /// (`й`: `и`'s; `أ`: `ا`'s), 0 where that has none: Foundation's walk
    /// reads such a character as its parts, so it stops at it with the
    /// other key's character in step only when that is not the same letter.
    public static func composedBases(_ runs: [(start: UInt32, value: UInt32, step: UInt8)]) -> [(scalar: UInt32, base: UInt32)] {
        func value(of scalar: UInt32) -> UInt32 {
            let index = runs.lastIndex { $0.start <= scalar }!
            return KeyCollation.PrimaryOrder.value(of: scalar, in: runs[index])
        }
        var bases: [(scalar: UInt32, base: UInt32)] = []
        for (index, run) in runs.enumerated() where run.value != KeyCollation.PrimaryOrder.unknown {
            let end = index + 1 < runs.count ? runs[index + 1].start : run.start + 1
            for scalar in run.start..<end where KeyCollation.PrimaryOrder.value(of: scalar, in: run) & KeyCollation.PrimaryOrder.composed != 0 {
                let first = String(Unicode.Scalar(scalar)!).decomposedStringWithCanonicalMapping.unicodeScalars.first!.value
                let base = value(of: first)
                bases.append((scalar, base == KeyCollation.PrimaryOrder.unknown ? 0 : base >> 4))
            }
        }
        return bases
    }

    /// For ``KeyCollation/accentedCompare(_:_:at:)``, which reads on past a
    /// difference in accents: each Latin, Greek and Cyrillic character's
    /// canonical decomposition (``KeyCollation/Accents``): how many marks it
    /// adds to its first character, which (the first three), and whether
    /// the character weighs exactly one weight at ICU's first level, its
    /// decomposition's, as no mark and no part of a contraction.
    public static func accentRuns() -> [(start: UInt32, value: UInt32, step: UInt8)] {
        #if canImport(_FoundationICU)
        let collation = Collation()
        defer { collation.close() }
        return encode(secondaryRanges) { code in
            guard let scalar = Unicode.Scalar(code), scalar.properties.numericType != .decimal,
                  scalar.properties.generalCategory != .unassigned else { return KeyCollation.PrimaryOrder.unknown }
            let decomposition = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.map(\.value)
            let marks = decomposition.dropFirst()
            var value = UInt32(min(marks.count, 3))
            for (index, mark) in marks.prefix(3).enumerated() {
                let number = (0x300...0x36E).contains(mark) ? mark - 0x2FF : 0x7F
                value |= number << (3 + 7 * UInt32(index))
            }
            let own = collation.primaries(String(scalar))
            let parts = decomposition.flatMap { collation.primaries(String(Unicode.Scalar($0)!)) }
            if own.count == 1 && own == parts && !isMark(scalar) && !collation.continuing.contains(code)
                && !collation.continued.contains(code) {
                value |= KeyCollation.Accents.single
            }
            return value
        }
        #else
        fatalError("the accents are generated from the ICU inside swift-corelibs-foundation")
        #endif
    }

    /// Runs of `ranges` with the value `value(code point)` each, a run's
    /// value growing by one rank per code point where they follow.
    static func encode(_ ranges: [ClosedRange<UInt32>], _ value: (UInt32) -> UInt32) -> [(start: UInt32, value: UInt32, step: UInt8)] {
        let unknown = KeyCollation.PrimaryOrder.unknown
        var runs: [(start: UInt32, value: UInt32, step: UInt8)] = []
        for range in ranges {
            for code in range {
                let value = value(code)
                if let last = runs.last {
                    let offset = code - last.start, ranked = value >> 4 != 0 && value != unknown
                    if last.step == 1 && ranked && value == last.value + offset << 4 { continue }
                    if last.step == 0 && value == last.value { continue }
                    if last.step == 0 && offset == 1 && ranked && last.value >> 4 != 0 && last.value != unknown && value == last.value + 16 {
                        runs[runs.count - 1].step = 1
                        continue
                    }
                }
                runs.append((code, value, 0))
            }
            runs.append((range.upperBound + 1, unknown, 0))
        }
        return runs
    }

    /// Whether `scalar` is a mark, or starts with one: a canonical combining
    /// class other than 0, a mark's general category (Thai and Indic vowel
    /// signs have class 0), or a decomposition that starts with a mark
    /// (U+0F73 is U+0F71 U+0F72). Foundation reads marks in runs that this
    /// table does not model.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        func mark(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return scalar.properties.canonicalCombiningClass.rawValue != 0
            }
        }
        guard let first = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first else { return mark(scalar) }
        return mark(scalar) || mark(first)
    }

    /// The Swift source of `SemanticDiff/JSON/PrimaryOrder+Generated.swift`.
    public static func source(_ runs: [(start: UInt32, value: UInt32, step: UInt8)],
                              secondary: [(start: UInt32, value: UInt32, step: UInt8)],
                              accents: [(start: UInt32, value: UInt32, step: UInt8)],
                              composedBases: [(scalar: UInt32, base: UInt32)]) -> String {
        var source = """
            // Generated by scripts/generate-collation-table from the collation elements of the ICU
            // inside Foundation: do not edit. Made with \(CollationTableGenerator.provenance).
            // Each character's first weight at ICU's first level as a rank, and its flags (see
            // PrimaryOrderGenerator in FoundationCollation); the collation tests regenerate it
            // and compare, and hold every answer it gives to Foundation's.

            extension KeyCollation.PrimaryOrder {
                /// Runs of code points: from `start`, `value` (rank << 4 | flags), growing by one
                /// rank per code point when `step` is 1; each run lasts to the next.
                package static let runs: [(start: UInt32, value: UInt32, step: UInt8)] = [

            """
        func rows(_ runs: [(start: UInt32, value: UInt32, step: UInt8)]) {
            for run in runs {
                source += "        (0x\(String(run.start, radix: 16, uppercase: true)), 0x\(String(run.value, radix: 16, uppercase: true)), \(run.step)),\n"
            }
        }
        rows(runs)
        source += """
                ]

                /// The same for the ranks of single characters at ICU's first and second levels
                /// (guesses only; ``KeyCollation/guessCompare(_:_:)``).
                package static let secondaryRuns: [(start: UInt32, value: UInt32, step: UInt8)] = [

            """
        rows(secondary)
        source += """
                ]

                /// Each Latin, Greek and Cyrillic character's decomposition and whether it weighs
                /// one weight of its own (``KeyCollation/Accents``), the same way.
                package static let accentRuns: [(start: UInt32, value: UInt32, step: UInt8)] = [

            """
        rows(accents)
        source += """
                ]

                /// Each character marked `composed` in `runs`, and the rank of its decomposition's
                /// first character (0 for none), in the order of the code points.
                package static let composedBases: [(scalar: UInt32, base: UInt32)] = [

            """
        for (scalar, base) in composedBases {
            source += "        (0x\(String(scalar, radix: 16, uppercase: true)), \(base)),\n"
        }
        source += "    ]\n}\n"
        return source
    }
}

#if canImport(_FoundationICU)
/// ICU's root collation with Foundation's numeric setting, and the
/// characters its contractions join.
private struct Collation {
    let collator: OpaquePointer
    /// Characters a unit of several goes on from (all but its last).
    var continuing = Set<UInt32>()
    /// Characters a unit of several goes on to (all but its first).
    var continued = Set<UInt32>()

    init() {
        var status = U_ZERO_ERROR
        collator = swift_ucol_open("", &status)
        swift_ucol_setAttribute(collator, UCOL_NUMERIC_COLLATION, UCOL_ON, &status)
        let contractions = swift_uset_openEmpty()!
        defer { swift_uset_close(contractions) }
        swift_ucol_getContractionsAndExpansions(collator, contractions, nil, 1, &status)
        precondition(status.rawValue <= 0, "ICU: \(status.rawValue)")
        var buffer = [UChar](repeating: 0, count: 256)
        for item in 0..<swift_uset_getItemCount(contractions) {
            var start: UChar32 = 0, end: UChar32 = 0
            let length = swift_uset_getItem(contractions, item, &start, &end, &buffer, Int32(buffer.count), &status)
            guard length > 0 else { continue }
            let scalars = String(decoding: buffer[0..<Int(length)], as: UTF16.self).unicodeScalars.map(\.value)
            for (index, value) in scalars.enumerated() {
                if index < scalars.count - 1 { continuing.insert(value) }
                if index > 0 { continued.insert(value) }
            }
        }
    }

    func close() { swift_ucol_close(collator) }

    /// `text`'s sort key at ICU's first and second levels.
    func secondaryKey(of text: String) -> [UInt8] {
        let units = Array(text.utf16)
        var status = U_ZERO_ERROR
        swift_ucol_setStrength(collator, UCOL_SECONDARY)
        defer { swift_ucol_setStrength(collator, UCOL_DEFAULT_STRENGTH) }
        var key = [UInt8](repeating: 0, count: 64)
        let length = Int(swift_ucol_getSortKey(collator, units, Int32(units.count), &key, Int32(key.count)))
        if length > key.count {
            key = [UInt8](repeating: 0, count: length)
            _ = swift_ucol_getSortKey(collator, units, Int32(units.count), &key, Int32(key.count))
        }
        return Array(key.prefix(length))
    }

    /// The first-level weights of `text`, each 32 bits (ICU hands them out
    /// in halves: a continuation carries the lower half).
    func primaries(_ text: String) -> [UInt32] {
        let units = Array(text.utf16)
        var status = U_ZERO_ERROR
        let elements = swift_ucol_openElements(collator, units, Int32(units.count), &status)!
        defer { swift_ucol_closeElements(elements) }
        var result: [UInt32] = []
        while true {
            let element = swift_ucol_next(elements, &status)
            guard element != UCOL_NULLORDER else { return result }
            let bits = UInt32(bitPattern: element)
            if bits & 0xC0 == 0xC0 {
                if !result.isEmpty { result[result.count - 1] |= bits >> 16 }
            } else if bits >> 16 != 0 {
                result.append(bits & 0xFFFF_0000)
            }
        }
    }

    /// The first of `scalar`'s first-level weights, and whether its weights
    /// are not those of its canonical decomposition; nil where it has none,
    /// or is an ideograph.
    func firstPrimary(of scalar: Unicode.Scalar) -> (weight: UInt32, composed: Bool)? {
        let properties = scalar.properties
        guard !properties.isUnifiedIdeograph else { return nil }
        let own = primaries(String(scalar))
        let parts = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.flatMap { primaries(String($0)) }
        guard let first = own.first else { return nil }
        return (first, own != parts)
    }
}
#endif
