#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationCollation
import SemanticDiff

// The helper git-xcstrings starts when keys need Foundation's comparison
// (see CollationHelper in the library). Requests on standard input, every
// number a little-endian UInt32; ends at end of input.
//
// - A pair: the byte lengths of two keys, then their UTF-8 bytes. Answer:
//   one byte, 0, 1 or 2 for before, same, after.
// - Many pairs: 0xFFFFFFFF, the count, then each pair as above. Answer:
//   one byte per pair.
// - An order: 0xFFFFFFFE, the count, then each key's length and bytes.
//   Answer: the keys' indices in Xcode's order, one UInt32 each.

/// Standard input, read in large blocks.
struct Input {
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0, end = 0

    mutating func bytes(_ count: Int) -> [UInt8]? {
        var result: [UInt8] = []
        // No more than the input can have sent yet: a broken request's length must not be allocated.
        result.reserveCapacity(min(count, 1 << 20))
        while result.count < count {
            if start == end {
                let got = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
                if got < 0 && errno == EINTR { continue }
                if got <= 0 { return nil }
                start = 0
                end = got
            }
            let taken = min(count - result.count, end - start)
            result += buffer[start..<(start + taken)]
            start += taken
        }
        return result
    }

    mutating func number() -> Int? {
        guard let bytes = bytes(4) else { return nil }
        return Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
    }

    mutating func pair() -> (a: [UInt8], b: [UInt8])? {
        guard let lengthA = number(), let lengthB = number(), let a = bytes(lengthA), let b = bytes(lengthB) else { return nil }
        return (a, b)
    }
}

func send(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let count = write(1, buffer.baseAddress! + offset, buffer.count - offset)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return false }
            offset += count
        }
        return true
    }
}

func comparison(_ order: Int) -> UInt8 { UInt8(order.signum() + 1) }

let reference = FoundationCollation()
var input = Input()
requests: while let first = input.number() {
    var answer: [UInt8] = []
    switch first {
    case 0xFFFF_FFFF:
        guard let count = input.number() else { break requests }
        var pairs: [(a: [UInt8], b: [UInt8])] = []
        for _ in 0..<count {
            guard let pair = input.pair() else { break requests }
            pairs.append(pair)
        }
        answer = reference.compare(pairs: pairs).map(comparison)
    case 0xFFFF_FFFE:
        guard let count = input.number() else { break requests }
        var keys: [[UInt8]] = []
        keys.reserveCapacity(min(count, 1 << 16))
        for _ in 0..<count {
            guard let length = input.number(), let key = input.bytes(length) else { break requests }
            keys.append(key)
        }
        answer.reserveCapacity(4 * keys.count)
        for index in reference.order(of: keys) {
            for shift in stride(from: 0, to: 32, by: 8) { answer.append(UInt8(truncatingIfNeeded: index >> shift)) }
        }
    default:
        guard let lengthB = input.number(), let a = input.bytes(first), let b = input.bytes(lengthB) else { break requests }
        answer = [comparison(a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in reference.compare(a, b) } })]
    }
    guard send(answer) else { break }
}
