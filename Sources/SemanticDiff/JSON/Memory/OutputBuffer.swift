#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable output buffer of bytes, written through a raw pointer: the
/// writers append millions of small pieces, and `Array.append` would check
/// uniqueness and capacity for each. It owns its block, so it cannot be
/// copied; ``finish()`` consumes it.
package struct OutputBuffer: ~Copyable {
    private var allocation: LargeAllocation
    package private(set) var base: UnsafeMutablePointer<UInt8>
    package private(set) var count = 0
    private var capacity: Int

    package init(capacity: Int) {
        allocation = LargeAllocation(capacity: capacity)
        self.capacity = allocation.capacity
        base = allocation.base.assumingMemoryBound(to: UInt8.self)
    }

    @inline(__always) mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(count + extra) }
    }

    @inline(never) private mutating func grow(_ needed: Int) {
        allocation.grow(to: needed)
        capacity = allocation.capacity
        base = allocation.base.assumingMemoryBound(to: UInt8.self)
    }

    @inline(__always) package mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    @inline(__always) package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        memcpy(base + count, source, bytes.count)
        count &+= bytes.count
    }

    /// A literal's bytes (read where the compiler put them: no string made or looked into).
    @inline(__always) package mutating func append(literal: StaticString) {
        append(literal.utf8Bytes)
    }

    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    package mutating func append(_ text: String) {
        text.withUTF8Bytes { append($0) }
    }

    /// `number` in decimal (nothing but digits: negative numbers are written as 0).
    package mutating func appendDecimal(_ number: Int) {
        var number = Swift.max(number, 0), digits = 1, rest = number / 10
        while rest > 0 { digits += 1; rest /= 10 }
        reserve(digits)
        for place in stride(from: digits - 1, through: 0, by: -1) {
            base[count + place] = UInt8(ascii: "0") + UInt8(number % 10)
            number /= 10
        }
        count &+= digits
    }

    /// `number` in decimal, with a minus sign when negative.
    package mutating func appendDecimalAllowingSign(_ number: Int) {
        if number < 0 {
            append(String(number))
        } else {
            appendDecimal(number)
        }
    }

    /// A line break and `indent` spaces.
    @inline(__always) package mutating func lineBreak(indent: Int) {
        reserve(indent &+ 1)
        base[count] = UInt8(ascii: "\n")
        memset(base + count + 1, 0x20, indent)
        count &+= indent &+ 1
    }

    /// A member's name on a line of its own, `indent` spaces in, after a
    /// comma unless it is the `first`, and `" : "` after it: one reservation
    /// and the bytes stored eight at a time where they can be (each a call
    /// to the C library, or a reservation each, would cost more than the few
    /// bytes they store). The spaces may run up to seven bytes past the
    /// indent, inside the reservation, before the name is stored over them.
    @inline(__always) package mutating func appendMemberName(_ name: StaticString, indent: Int, first: Bool) {
        let length = name.utf8CodeUnitCount
        reserve(indent &+ length &+ 15)
        var at = count
        if !first { base[at] = UInt8(ascii: ","); at &+= 1 }
        base[at] = UInt8(ascii: "\n")
        at &+= 1
        var spaces = 0
        while spaces < indent {
            UnsafeMutableRawPointer(base + (at &+ spaces)).storeBytes(of: 0x2020_2020_2020_2020 as UInt64, as: UInt64.self)
            spaces &+= 8
        }
        at &+= indent
        base[at] = UInt8(ascii: "\"")
        at &+= 1
        let bytes = name.utf8Start
        if length >= 8 {
            // Whole words, the last one overlapping the one before: no byte read past the name's end.
            var offset = 0
            while offset < length &- 8 {
                let word = UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(base + (at &+ offset)).storeBytes(of: word, as: UInt64.self)
                offset &+= 8
            }
            let last = UnsafeRawPointer(bytes + (length &- 8)).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(base + (at &+ length &- 8)).storeBytes(of: last, as: UInt64.self)
        } else {
            for index in 0..<length { base[at &+ index] = bytes[index] }
        }
        at &+= length
        base[at] = UInt8(ascii: "\"")
        base[at &+ 1] = 0x20
        base[at &+ 2] = UInt8(ascii: ":")
        base[at &+ 3] = 0x20
        count = at &+ 4
    }

    /// `" : "` between a key and its value.
    @inline(__always) package mutating func appendColon() {
        reserve(3)
        base[count] = 0x20
        base[count + 1] = UInt8(ascii: ":")
        base[count + 2] = 0x20
        count &+= 3
    }

    /// `count` spaces (none when `count` is not positive).
    package mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        reserve(count)
        memset(base + self.count, 0x20, count)
        self.count &+= count
    }

    /// Forgets what was written from `offset` on.
    package mutating func truncate(to offset: Int) { count = Swift.min(count, Swift.max(offset, 0)) }

    /// Forgets what was written, keeping the block: for a writer that hands
    /// its output on in pieces.
    package mutating func removeAll() { count = 0 }

    /// The bytes written since `offset`.
    func bytes(from offset: Int = 0) -> [UInt8] {
        Array(UnsafeBufferPointer(start: base + offset, count: count - offset))
    }

    /// The contents as an array; the buffer goes.
    package consuming func finish() -> [UInt8] { bytes() }
}

/// Bytes a writer produced, kept in the writer's own block (no copy into an
/// array) until the last reference goes; with the blocks other writers (on
/// other threads) produced for places in it, left in theirs.
public final class WrittenOutput: @unchecked Sendable {
    private let buffer: OutputBuffer
    /// Blocks that go at these offsets of `buffer`, in order of offset.
    private let insertions: [Insertion]

    package init(_ buffer: consuming OutputBuffer, insertions: [Insertion] = []) {
        self.buffer = buffer
        self.insertions = insertions
    }

    /// A block written elsewhere, and the offset of the writer's own bytes it goes at.
    package struct Insertion {
        let offset: Int
        let output: WrittenOutput

        package init(offset: Int, output: WrittenOutput) {
            self.offset = offset
            self.output = output
        }
    }

    public var count: Int { insertions.reduce(buffer.count) { $0 + $1.output.count } }

    /// Calls `body` with the bytes in order, in as many parts as they were
    /// written in (one, unless blocks were written elsewhere), none empty.
    public func forEachPart(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        var offset = 0
        for insertion in insertions {
            if insertion.offset > offset { try body(UnsafeBufferPointer(start: buffer.base + offset, count: insertion.offset - offset)) }
            try insertion.output.forEachPart(body)
            offset = insertion.offset
        }
        if buffer.count > offset { try body(UnsafeBufferPointer(start: buffer.base + offset, count: buffer.count - offset)) }
    }

    /// The bytes in one buffer: in place when they were written in one block.
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        guard !insertions.isEmpty else { return try body(UnsafeBufferPointer(start: buffer.base, count: buffer.count)) }
        return try array.withUnsafeBufferPointer(body)
    }

    public var array: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        forEachPart { bytes.append(contentsOf: $0) }
        return bytes
    }
}
