/// The Unicode encoding of a JSON file, found as Foundation's
/// `JSONSerialization` finds it (and so Xcode): a byte order mark if there
/// is one, else the pattern of zero bytes that UTF-16 and UTF-32 give ASCII
/// text (JSON starts with ASCII), else UTF-8.
///
/// Catalogs are UTF-8; the others occur when an editor or a script saved a
/// file as "Unicode". They are read by transcoding to UTF-8 first, and
/// written back as UTF-8, as Xcode writes them.
public enum TextEncoding: String, Sendable {
    case utf8 = "UTF-8"
    case utf16BigEndian = "UTF-16BE"
    case utf16LittleEndian = "UTF-16LE"
    case utf32BigEndian = "UTF-32BE"
    case utf32LittleEndian = "UTF-32LE"

    /// The encoding of `bytes` and the length of its byte order mark.
    public static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> (encoding: TextEncoding, byteOrderMark: Int) {
        let count = bytes.count
        func starts(_ prefix: [UInt8]) -> Bool { count >= prefix.count && zip(bytes, prefix).allSatisfy { $0 == $1 } }
        if starts([0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if starts([0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BigEndian, 4) }
        if starts([0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LittleEndian, 4) }
        if starts([0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        if starts([0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        // Foundation's order and patterns: with four bytes, the zeros of both of the first two UTF-16 units
        // (`22 00 C0 22` is no UTF-16, though its first unit looks like one); with two or three, of the first.
        if count >= 4 {
            if bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0 { return (.utf32BigEndian, 0) }
            if bytes[1] == 0 && bytes[2] == 0 && bytes[3] == 0 { return (.utf32LittleEndian, 0) }
            if bytes[0] == 0 && bytes[2] == 0 { return (.utf16BigEndian, 0) }
            if bytes[1] == 0 && bytes[3] == 0 { return (.utf16LittleEndian, 0) }
        } else if count >= 2 {
            if bytes[0] == 0 { return (.utf16BigEndian, 0) }
            if bytes[1] == 0 { return (.utf16LittleEndian, 0) }
        }
        return (.utf8, 0)
    }

    /// `bytes` after the byte order mark, in UTF-8. An incomplete code unit
    /// at the end is ignored, as Foundation ignores it; the offset of the
    /// first unit that is not valid (a lone surrogate, a value beyond
    /// U+10FFFF) is thrown, counted in bytes of the UTF-8 written so far.
    static func transcodeToUTF8(_ bytes: UnsafeBufferPointer<UInt8>, from encoding: TextEncoding,
                                byteOrderMark: Int) -> Result<[UInt8], TranscodingFailure> {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        let body = UnsafeBufferPointer(rebasing: bytes[byteOrderMark...])
        let failed: Bool
        switch encoding {
        case .utf8:
            return .success(Array(body))
        case .utf16BigEndian, .utf16LittleEndian:
            let big = encoding == .utf16BigEndian
            let units = (0..<(body.count / 2)).lazy.map { index -> UInt16 in
                let high = UInt16(body[index * 2]), low = UInt16(body[index * 2 + 1])
                return big ? high << 8 | low : low << 8 | high
            }
            failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) { output.append($0) }
        case .utf32BigEndian, .utf32LittleEndian:
            let big = encoding == .utf32BigEndian
            let units = (0..<(body.count / 4)).lazy.map { index -> UInt32 in
                let b = (0..<4).map { UInt32(body[index * 4 + $0]) }
                return big ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
            }
            failed = transcode(units.makeIterator(), from: UTF32.self, to: UTF8.self, stoppingOnError: true) { output.append($0) }
        }
        return failed ? .failure(TranscodingFailure(validUTF8: output)) : .success(output)
    }

    /// Text that is not valid in its encoding, and what was read of it.
    struct TranscodingFailure: Error {
        var validUTF8: [UInt8]
    }
}
