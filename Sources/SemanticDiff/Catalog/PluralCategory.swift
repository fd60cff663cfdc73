import XCStringsJSON

/// A plural category of CLDR, as catalogs name them under
/// `variations.plural`.
public enum PluralCategory: String, Sendable, CaseIterable, Comparable {
    // In CLDR's order, which is the order they are shown in.
    case zero, one, two, few, many, other

    var bit: UInt8 {
        switch self {
        case .zero: return 1
        case .one: return 2
        case .two: return 4
        case .few: return 8
        case .many: return 16
        case .other: return 32
        }
    }

    /// The category named by the UTF-8 `name`, as a catalog writes it.
    package init?(utf8 name: UnsafeBufferPointer<UInt8>) {
        switch name.first {
        case UInt8(ascii: "z") where name.spells("zero"): self = .zero
        case UInt8(ascii: "o") where name.spells("one"): self = .one
        case UInt8(ascii: "o") where name.spells("other"): self = .other
        case UInt8(ascii: "t") where name.spells("two"): self = .two
        case UInt8(ascii: "f") where name.spells("few"): self = .few
        case UInt8(ascii: "m") where name.spells("many"): self = .many
        default: return nil
        }
    }

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
