import Dispatch
import SemanticDiff
#if canImport(_FoundationICU)
import _FoundationICU
#endif

/// Reads CLDR's plural rules from the ICU behind Foundation, for
/// `SemanticDiff/Check/PluralRules+Generated.swift`
/// (scripts/generate-plural-rules).
///
/// For each locale ICU has (and each language it has plural rules for), the categories are `uplrules_getKeywords`; a
/// category is required when `uplrules_select` picks it for one of the
/// sample numbers a translation meets every day: the integers below
/// 10,000, and the numbers below 200 with one decimal and below 30 with
/// two (`1.0` and `1` differ in some languages). The rules only look at the
/// last digits of a number (`i % 100`) or at exact millions, so these cover
/// every case below one million.
public enum PluralRulesGenerator {
    /// One language's forms: a BCP 47 tag in lower case (`pt-pt`), two
    /// sets of ``PluralCategories``, the first whole number from 1 each
    /// category selects, else 0 if it selects 0 (by category: zero, one,
    /// two, few, many, other; -1 for none),
    /// and the category that selects most whole numbers below 100.
    public typealias Row = (tag: String, categories: UInt8, required: UInt8, firstWhole: [Int16], mostWhole: UInt8)
    typealias Forms = (categories: UInt8, required: UInt8, firstWhole: [Int16], mostWhole: UInt8)

    /// A row per language, and per region or script whose rules differ from
    /// its language's, sorted by tag.
    public static func rows() -> [Row] {
        #if canImport(_FoundationICU)
        var identifiers = (0..<swift_uloc_countAvailable()).compactMap { swift_uloc_getAvailable($0).map { String(cString: $0) } }
        // ICU has plural rules for more languages than it has locales (tl, iw, nah…): every code
        // of two or three letters whose rules are not root's lone `other` is one.
        let known = Set(identifiers)
        let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
        let codes = letters.flatMap { a in letters.map { a + $0 } } + letters.flatMap { a in letters.flatMap { b in letters.map { a + b + $0 } } }
        identifiers += codes.filter { !known.contains($0) && hasRulesOfItsOwn($0) }
        let all = identifiers
        let results = Results(count: all.count)
        DispatchQueue.concurrentPerform(iterations: all.count) { results.buffer[$0] = forms(all[$0]) }
        var byTag: [String: Forms] = [:]
        for (identifier, forms) in zip(all, results.buffer) {
            if let forms { byTag[identifier.lowercased().split(separator: "_").joined(separator: "-")] = forms }
        }
        // A tag whose rules are those of its parent adds nothing: lookups fall back to the parent.
        var rows: [Row] = []
        for (tag, forms) in byTag {
            var parent = tag
            var inherited: Forms?
            while inherited == nil, let dash = parent.lastIndex(of: "-") {
                parent = String(parent[..<dash])
                inherited = byTag[parent]
            }
            if let inherited, inherited == forms { continue }
            rows.append((tag, forms.categories, forms.required, forms.firstWhole, forms.mostWhole))
        }
        return rows.sorted { $0.tag < $1.tag }
        #else
        return []
        #endif
    }

    /// One slot per locale, each written by one thread.
    private final class Results: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Forms?>

        init(count: Int) {
            buffer = .allocate(capacity: count)
            buffer.initialize(repeating: nil)
        }

        deinit { buffer.deallocate() }
    }

    #if canImport(_FoundationICU)
    /// Whether ICU's rules for `language` select more than `other` (those of
    /// a language ICU does not know are root's).
    static func hasRulesOfItsOwn(_ language: String) -> Bool {
        var status = U_ZERO_ERROR
        guard let rules = swift_uplrules_open(language, &status), status.rawValue <= 0 else { return false }
        defer { swift_uplrules_close(rules) }
        guard let keywords = swift_uplrules_getKeywords(rules, &status) else { return false }
        defer { swift_uenum_close(keywords) }
        var length: Int32 = 0
        while let keyword = swift_uenum_next(keywords, &length, &status) {
            if String(cString: keyword) != "other" { return true }
        }
        return false
    }

    /// The categories, the required categories and the whole numbers' categories of ICU locale `identifier`.
    static func forms(_ identifier: String) -> Forms? {
        var status = U_ZERO_ERROR
        guard let rules = swift_uplrules_open(identifier, &status), status.rawValue <= 0 else { return nil }
        defer { swift_uplrules_close(rules) }
        var categories = PluralCategories()
        if let keywords = swift_uplrules_getKeywords(rules, &status) {
            defer { swift_uenum_close(keywords) }
            var length: Int32 = 0
            while let keyword = swift_uenum_next(keywords, &length, &status) {
                if let category = PluralCategory(rawValue: String(cString: keyword)) { categories.insert(category) }
            }
        }
        var required = PluralCategories()
        var buffer = [UChar](repeating: 0, count: 16)
        @discardableResult
        func select(_ number: Double, _ format: UnsafeMutablePointer<UNumberFormat?>?) -> PluralCategory? {
            var status = U_ZERO_ERROR
            let length = format.map { swift_uplrules_selectWithFormat(rules, number, UnsafePointer($0), &buffer, 16, &status) }
                ?? swift_uplrules_select(rules, number, &buffer, 16, &status)
            guard status.rawValue <= 0, let category = PluralCategory(rawValue: String(decoding: buffer[0..<Int(length)], as: UTF16.self))
            else { return nil }
            required.insert(category)
            return category
        }
        let order = PluralCategory.allCases
        var firstWhole = [Int16](repeating: -1, count: order.count)
        var belowHundred = [Int](repeating: 0, count: order.count)
        for integer in 0..<10_000 {
            guard let category = select(Double(integer), nil), let index = order.firstIndex(of: category) else { continue }
            // The first from 1 on, which reads as a count ("5 файлов", not 0); 0 where it is the only one.
            if firstWhole[index] <= 0 && (integer > 0 || firstWhole[index] < 0) { firstWhole[index] = Int16(integer) }
            if integer < 100 { belowHundred[index] += 1 }
        }
        let most = order[belowHundred.indices.max { belowHundred[$0] < belowHundred[$1] }!]
        for (digits, limit) in [(1, 200), (2, 30)] {
            guard let format = swift_unum_open(UNUM_DECIMAL, nil, 0, identifier, nil, &status) else { continue }
            defer { swift_unum_close(format) }
            swift_unum_setAttribute(format, UNUM_MIN_FRACTION_DIGITS, Int32(digits))
            swift_unum_setAttribute(format, UNUM_MAX_FRACTION_DIGITS, Int32(digits))
            swift_unum_setAttribute(format, UNUM_GROUPING_USED, 0)
            let scale = digits == 1 ? 10 : 100
            for hundredths in 0..<(limit * scale) { select(Double(hundredths) / Double(scale), format) }
        }
        var mostWhole = PluralCategories()
        mostWhole.insert(most)
        return (categories.rawValue, PluralForms(categories: categories, required: required).required.rawValue, firstWhole, mostWhole.rawValue)
    }
    #endif

    /// The CLDR version of ICU's data (`ulocdata_getCLDRVersion`) and ICU's own.
    public static var provenance: String {
        #if canImport(_FoundationICU)
        var version = (UInt8(0), UInt8(0), UInt8(0), UInt8(0))
        var status = U_ZERO_ERROR
        withUnsafeMutablePointer(to: &version) {
            $0.withMemoryRebound(to: UInt8.self, capacity: 4) { swift_ulocdata_getCLDRVersion($0, &status) }
        }
        return "CLDR \(version.0)\(version.1 > 0 ? ".\(version.1)" : "") in ICU \(U_ICU_VERSION)"
        #else
        return "the system's ICU"
        #endif
    }

    /// The CLDR major version of ICU's data, for tests that compare with a CLDR release.
    public static var cldrMajorVersion: Int {
        #if canImport(_FoundationICU)
        var version = [UInt8](repeating: 0, count: 4)
        var status = U_ZERO_ERROR
        swift_ulocdata_getCLDRVersion(&version, &status)
        return Int(version[0])
        #else
        return 0
        #endif
    }

    /// The Swift source of `SemanticDiff/Check/PluralRules+Generated.swift`.
    public static func source(_ rows: [Row]) -> String {
        var source = """
            // Generated by scripts/generate-plural-rules from the plural rules of the ICU behind
            // Foundation: do not edit. Made with \(provenance).
            // Each row is a BCP 47 tag in lower case, the categories its rules select and those
            // a translation must have, as PluralCategories bits (zero 1, one 2, two 4, few 8,
            // many 16, other 32), the first whole number each category selects (zero, one, two,
            // few, many, other; -1 for none) and the category that selects most whole numbers
            // below 100; see PluralRulesGenerator in FoundationPlurals. The check tests
            // regenerate it and compare, and compare it with CLDR's plurals.xml.

            extension PluralRules {
                /// Where these rules came from.
                public static let source = "\(provenance)"

                static let table: [(tag: String, categories: UInt8, required: UInt8, firstWhole: [Int16], mostWhole: UInt8)] = [

            """
        for row in rows {
            source += "        (\"\(row.tag)\", \(row.categories), \(row.required), \(row.firstWhole), \(row.mostWhole)),\n"
        }
        source += "    ]\n}\n"
        return source
    }
}
