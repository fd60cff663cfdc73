import XCStringsJSON

/// Text from a catalog as every output of the tool quotes it: as a JSON
/// string, then with what a terminal would obey escaped (``VisibleText``).
public enum QuotedText {
    /// `text` quoted; `(none)` for nil. With `scalars`, every non-ASCII
    /// scalar spelled `\u{…}`, so that texts that differ only in
    /// normalization look different.
    public static func quoted(_ text: String?, scalars: Bool = false) -> String {
        var output = OutputBuffer(capacity: (text?.utf8.count ?? 0) + 8)
        append(text, scalars: scalars, to: &output)
        return String(decoding: output.finish(), as: UTF8.self)
    }

    /// ``quoted(_:scalars:)``, appended to `output`.
    package static func append(_ text: String?, scalars: Bool = false, to output: inout OutputBuffer) {
        guard let text else { return output.append(literal: "(none)") }
        guard scalars else { return appendQuoted(text, to: &output) }
        // Quoting leaves non-ASCII text as it is, so it is spelled out after.
        var quoted = OutputBuffer(capacity: text.utf8.count + 8)
        appendQuoted(text, to: &quoted)
        for scalar in String(decoding: quoted.finish(), as: UTF8.self).unicodeScalars {
            if scalar.isASCII {
                output.append(UInt8(scalar.value))
            } else {
                output.append(literal: "\\u{")
                output.append(String(scalar.value, radix: 16))
                output.append(UInt8(ascii: "}"))
            }
        }
    }

    /// Quoted as JSON, then what a terminal would obey escaped (nearly
    /// never: then the quoted text is written again).
    private static func appendQuoted(_ text: String, to output: inout OutputBuffer) {
        text.withUTF8Bytes { bytes in
            let start = output.count
            JSONString.appendQuoted(bytes, to: &output)
            let quoted = UnsafeBufferPointer(start: output.base + start, count: output.count - start)
            guard !VisibleText.mayBeShownAsIs(quoted) else { return }
            let copy = Array(quoted)
            output.truncate(to: start)
            copy.withUnsafeBufferPointer { VisibleText.append($0, to: &output) }
        }
    }
}
