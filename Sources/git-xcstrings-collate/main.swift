#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationCollation
import SemanticDiff

// The helper git-xcstrings starts when two keys need Foundation's comparison
// (see CollationHelper in the library). Requests on standard input: the
// byte lengths of two keys as little-endian UInt32s, then their UTF-8 bytes.
// Answer: one byte, 0, 1 or 2 for before, same, after. Ends at end of input.

func readExactly(_ count: Int, into buffer: inout [UInt8]) -> Bool {
    if buffer.count < count { buffer = [UInt8](repeating: 0, count: count) }
    var filled = 0
    while filled < count {
        let got = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress! + filled, count - filled) }
        if got < 0 && errno == EINTR { continue }
        if got <= 0 { return false }
        filled += got
    }
    return true
}

let reference = FoundationCollation()
var header = [UInt8](repeating: 0, count: 8)
var keys = [UInt8](repeating: 0, count: 4096)
while readExactly(8, into: &header) {
    let lengthA = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
    let lengthB = Int(header[4]) | Int(header[5]) << 8 | Int(header[6]) << 16 | Int(header[7]) << 24
    guard readExactly(lengthA + lengthB, into: &keys) else { break }
    let order = keys.withUnsafeBufferPointer { buffer in
        reference.compare(UnsafeBufferPointer(rebasing: buffer[0..<lengthA]),
                          UnsafeBufferPointer(rebasing: buffer[lengthA..<(lengthA + lengthB)]))
    }
    var answer = UInt8(order.signum() + 1)
    guard write(1, &answer, 1) == 1 else { break }
}
