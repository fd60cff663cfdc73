import XCStringsCatalog
import XCStringsJSON

/// A finding's message while it is put together: its UTF-8 appended to
/// one buffer, made a string once. A check can write tens of thousands of
/// messages, and interpolating into a `String` grows and re-flags it at
/// every piece, which costs more than the rules that found the problem.
struct FindingMessage: ExpressibleByStringInterpolation {
    typealias StringLiteralType = StaticString

    private(set) var bytes: [UInt8]

    init(stringLiteral literal: StaticString) {
        bytes = Array(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    init(stringInterpolation: Interpolation) {
        bytes = stringInterpolation.bytes
    }

    /// A message already written.
    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    struct Interpolation: StringInterpolationProtocol {
        fileprivate var bytes: [UInt8] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            bytes.reserveCapacity(literalCapacity + interpolationCount * 32)
        }

        mutating func appendLiteral(_ literal: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }

        mutating func appendInterpolation(_ text: String) {
            text.withUTF8Bytes { bytes.append(contentsOf: $0) }
        }

        /// Where in a localization `variant` is, as messages say it after
        /// the language: ` (device.iphone)`, ` of substitution count`, or
        /// nothing for the plain text.
        mutating func appendInterpolation(describing variant: Variant) {
            let path = variant.path
            guard !path.isEmpty else { return }
            if path.count >= 2 && path[0] == CatalogField.substitutions.rawValue {
                appendLiteral(" of substitution ")
                appendInterpolation(path[1])
                return
            }
            appendLiteral(" (")
            for (index, name) in path.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ".")) }
                appendInterpolation(name)
            }
            appendLiteral(")")
        }

        mutating func appendInterpolation(_ number: Int) {
            appendInterpolation(String(number))
        }

        mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
            appendInterpolation(value.description)
        }
    }
}
