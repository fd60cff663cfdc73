/// A plural category of CLDR, as catalogs name them under
/// `variations.plural`.
public enum PluralCategory: String, Sendable, CaseIterable, Comparable {
    // In CLDR's order, which is the order they are shown in.
    case zero, one, two, few, many, other

    var bit: UInt8 { 1 << UInt8(PluralCategory.allCases.firstIndex(of: self)!) }

    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool { lhs.bit < rhs.bit }
}

/// A set of plural categories, iterated in CLDR's order.
public struct PluralCategories: Sendable, Hashable, Sequence, ExpressibleByArrayLiteral {
    public var rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public init(_ categories: some Sequence<PluralCategory>) {
        rawValue = categories.reduce(0) { $0 | $1.bit }
    }

    public init(arrayLiteral categories: PluralCategory...) { self.init(categories) }

    public func contains(_ category: PluralCategory) -> Bool { rawValue & category.bit != 0 }

    public mutating func insert(_ category: PluralCategory) { rawValue |= category.bit }

    public func subtracting(_ other: PluralCategories) -> PluralCategories { PluralCategories(rawValue: rawValue & ~other.rawValue) }

    public var isEmpty: Bool { rawValue == 0 }

    public func makeIterator() -> IndexingIterator<[PluralCategory]> {
        PluralCategory.allCases.filter { contains($0) }.makeIterator()
    }

    /// `one, few, many, other`.
    public var list: String { map(\.rawValue).joined(separator: ", ") }
}
