/// The kind of a JSON value.
public enum JSONKind: UInt8, Sendable {
    case object
    case array
    case string
    case number
    case `true`
    case `false`
    case null

    /// Whether values of this kind hold members or elements.
    @inlinable public var isContainer: Bool { rawValue <= JSONKind.array.rawValue }
}

/// One value of a parsed document, stored flat: a document is an array of
/// nodes in the order their values start in the file, and a container's
/// members follow it directly (for objects: key, value, key, value, …).
///
/// A node records where its value lies in the file's bytes rather than
/// holding decoded text, so reading a catalog allocates almost nothing and
/// an unchanged subtree can be compared or copied by its bytes.
public struct JSONNode: Sendable {
    /// Offset of the value's first byte (`{`, `[`, `"`, a digit, `-`, `t`, `f`, `n`).
    public var start: UInt32
    /// Offset one past the value's last byte.
    public var end: UInt32
    /// Index of the first node after this value's subtree.
    public var next: UInt32
    /// Members of an object (duplicates included) or elements of an array.
    public var count: UInt32
    public var kind: JSONKind
    public var flags: Flags

    /// Facts the reader learns about a value while it passes over it.
    public struct Flags: OptionSet, Sendable {
        public var rawValue: UInt8
        @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The value's bytes are exactly what Xcode writes for it at its
        /// depth, leaving key order aside: layout, escapes, number form.
        public static let inXcodeLayout = Flags(rawValue: 1 << 0)
        /// A string that contains at least one backslash escape.
        public static let escaped = Flags(rawValue: 1 << 1)
        /// A string with bytes outside ASCII.
        public static let nonASCII = Flags(rawValue: 1 << 2)
        /// A key that a later duplicate in the same object overrides.
        public static let shadowed = Flags(rawValue: 1 << 3)
        /// An object with at least one shadowed key.
        public static let hasDuplicates = Flags(rawValue: 1 << 4)
        /// A number that is not a plain integer literal.
        public static let fractional = Flags(rawValue: 1 << 5)
    }
}
