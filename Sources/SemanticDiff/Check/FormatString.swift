#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XCStringsJSON

/// What a printf-style format string (as Foundation's `String(format:)`
/// reads it) asks of its arguments: the arguments by number, the
/// substitutions it names (`%#@NAME@`), and, inside a substitution's
/// variants, whether it shows the substitution's own argument (`%arg`).
public struct FormatString: Sendable, Equatable {
    /// The arguments it reads, one per number (1-based), in increasing
    /// order: a text has a few, so a sorted array beats hashing.
    public private(set) var placeholders: [Placeholder] = []
    /// The names of the substitutions, in order of appearance.
    public var substitutions: [String] = []
    /// Whether `%arg` appears (only meaningful in a substitution's variants).
    public var showsSubstitutionArgument = false

    /// One argument: its number, how it is read, and how it was written.
    public struct Placeholder: Sendable, Equatable {
        public var number: Int
        public var argument: FormatArgument
        /// The specifier as written (`%1$@`, `%lld`), for messages.
        public var spelling: String
    }

    /// The arguments by number, with how each is read.
    public var arguments: [Int: FormatArgument] {
        Dictionary(placeholders.map { ($0.number, $0.argument) }, uniquingKeysWith: { _, last in last })
    }

    /// The placeholder of argument `number`, if the text reads it.
    public func placeholder(_ number: Int) -> Placeholder? {
        placeholders.first { $0.number == number }
    }

    /// Sets argument `number` (a later specifier of the same number wins, as in printf's reading).
    mutating func set(_ placeholder: Placeholder) {
        let index = placeholders.firstIndex { $0.number >= placeholder.number } ?? placeholders.endIndex
        if index < placeholders.endIndex && placeholders[index].number == placeholder.number {
            placeholders[index] = placeholder
        } else {
            placeholders.insert(placeholder, at: index)
        }
    }

    /// Adds what `other` reads that this does not (the arguments it lacks,
    /// its other substitutions, its `%arg`): what either of two texts may use.
    mutating func formUnion(_ other: FormatString) {
        for placeholder in other.placeholders where self.placeholder(placeholder.number) == nil { set(placeholder) }
        substitutions += other.substitutions.filter { !substitutions.contains($0) }
        showsSubstitutionArgument = showsSubstitutionArgument || other.showsSubstitutionArgument
    }

    /// Whether the text uses no argument and names no substitution.
    public var isEmpty: Bool { placeholders.isEmpty && substitutions.isEmpty && !showsSubstitutionArgument }

    /// Reads `text`. A `%` that starts no conversion Foundation knows
    /// (`50% off`, `% d` — the space flag is read as text, because real
    /// translations write "50 % de réduction") is text; `%%` is a percent sign.
    /// `%arg` is read as the substitution's argument when `inSubstitution`.
    public init(_ text: String, inSubstitution: Bool = false) {
        var text = text
        self = text.withUTF8 { FormatString(utf8: $0, inSubstitution: inSubstitution) }
    }

    /// The bytes of printf's flags (`-`, `+`, `#`, `0`, `'`).
    private static let flags: [UInt8] = Array("-+#0'".utf8)

    /// The bytes of printf's length modifiers (`hh`, `l`, `ll`, `q`, `L`, `z`, `t`, `j`).
    private static let lengthModifiers: [UInt8] = Array("hlqLztj".utf8)

    /// ``init(_:inSubstitution:)`` over the text's UTF-8 bytes.
    public init(utf8 scalars: UnsafeBufferPointer<UInt8>, inSubstitution: Bool = false) {
        // Most texts have no `%` at all.
        guard !scalars.isEmpty, memchr(scalars.baseAddress!, Int32(UInt8(ascii: "%")), scalars.count) != nil else { return }
        // Every character of the syntax is ASCII: the UTF-8 bytes are read as they are.
        var index = 0
        var next = 1
        func digits() -> Int? {
            var value = 0, any = false
            while index < scalars.count, (48...57).contains(scalars[index]) {
                value = min(value * 10 + Int(scalars[index] - 48), 1_000_000)
                any = true
                index += 1
            }
            return any ? value : nil
        }
        while index < scalars.count {
            guard scalars[index] == UInt8(ascii: "%") else { index += 1; continue }
            let start = index
            index += 1
            guard index < scalars.count else { break }
            if scalars[index] == UInt8(ascii: "%") { index += 1; continue }
            if inSubstitution, scalars[index...].starts(with: "arg".utf8) {
                showsSubstitutionArgument = true
                index += 3
                continue
            }
            // An explicit argument number: `%2$@`.
            let save = index
            var position: Int?
            if let number = digits(), index < scalars.count, scalars[index] == UInt8(ascii: "$"), number > 0 {
                position = number
                index += 1
            } else {
                index = save
            }
            // A substitution: `%#@NAME@`.
            if scalars[index...].starts(with: "#@".utf8) {
                let nameStart = index + 2
                if let end = scalars[nameStart...].firstIndex(of: UInt8(ascii: "@")), end > nameStart {
                    substitutions.append(String(decoding: scalars[nameStart..<end], as: UTF8.self))
                    index = end + 1
                    continue
                }
            }
            while index < scalars.count, Self.flags.contains(scalars[index]) { index += 1 }
            var starArguments = 0
            if index < scalars.count, scalars[index] == UInt8(ascii: "*") { starArguments += 1; index += 1 } else { _ = digits() }
            if index < scalars.count, scalars[index] == UInt8(ascii: ".") {
                index += 1
                if index < scalars.count, scalars[index] == UInt8(ascii: "*") { starArguments += 1; index += 1 } else { _ = digits() }
            }
            var length = ""
            while index < scalars.count, Self.lengthModifiers.contains(scalars[index]), length.utf8.count < 2 {
                length.unicodeScalars.append(Unicode.Scalar(scalars[index]))
                index += 1
            }
            guard index < scalars.count, let argument = FormatArgument(conversion: Unicode.Scalar(scalars[index]), length: length) else {
                index = start + 1
                continue
            }
            index += 1
            for _ in 0..<starArguments where position == nil {
                set(Placeholder(number: next, argument: .integer(bits: 32), spelling: "*"))
                next += 1
            }
            let number = position ?? next
            if position == nil { next += 1 }
            set(Placeholder(number: number, argument: argument, spelling: String(decoding: scalars[start..<index], as: UTF8.self)))
        }
    }
}

/// How `String(format:)` reads one argument.
public enum FormatArgument: Sendable, Hashable {
    /// `%@`: an object (a String, a number).
    case object
    /// `%d`, `%i`, `%u`, `%x`, `%o` with their sizes: 32 bits without a
    /// length or with `h`/`hh` (promoted), 64 with `l`, `ll`, `q`, `z`, `t`, `j`.
    case integer(bits: Int)
    /// `%f`, `%e`, `%g`, `%a` (`L`: long double).
    case floatingPoint(long: Bool)
    /// `%s`: a C string; `%S`: a string of UTF-16 units.
    case cString(wide: Bool)
    /// `%c`, `%C`.
    case character(wide: Bool)
    /// `%p`.
    case pointer
    /// `%n`.
    case count

    init?(conversion: Unicode.Scalar, length: String) {
        switch conversion {
        case "D", "U", "O": self = .integer(bits: 64)
        case "d", "i", "o", "u", "x", "X":
            switch length {
            case "l", "ll", "q", "z", "t", "j": self = .integer(bits: 64)
            default: self = .integer(bits: 32)
            }
        case "f", "F", "e", "E", "g", "G", "a", "A": self = .floatingPoint(long: length == "L")
        case "@": self = .object
        case "s": self = .cString(wide: length == "l")
        case "S": self = .cString(wide: true)
        case "c": self = .character(wide: length == "l")
        case "C": self = .character(wide: true)
        case "p": self = .pointer
        case "n": self = .count
        default: return nil
        }
    }

    /// Whether two arguments are read alike: the same kind of value, at
    /// most of another integer size (`%d` against `%lld`: garbled on a
    /// 64-bit machine, not a crash).
    public func compatibility(with other: FormatArgument) -> Compatibility {
        if self == other { return .same }
        if case .integer = self, case .integer = other { return .otherSize }
        return .different
    }

    public enum Compatibility: Sendable { case same, otherSize, different }
}
