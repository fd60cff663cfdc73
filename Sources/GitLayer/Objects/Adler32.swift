/// The Adler-32 checksum that ends every zlib stream (RFC 1950), summed
/// sixteen bytes at a time: zlib's own sums one byte at a time, and was a
/// third of the instructions of inflating a catalog.
struct Adler32 {
    /// The two sums: of the bytes plus one, and of those running sums, each modulo 65,521.
    private var a: UInt32 = 1
    private var b: UInt32 = 0

    private static let modulus: UInt32 = 65_521
    /// The most bytes after which neither sum can have passed 2³² (zlib's NMAX), in whole blocks of 16.
    private static let run = 5_552 / 16 * 16
    /// Within a block of sixteen, how many times each byte is added to `b`.
    private static let weights = SIMD16<UInt16>(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)

    var value: UInt32 { b << 16 | a }

    /// Adds `bytes` to the sums.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var position = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let count = min(left, Self.run)
            var blocks = count / 16
            while blocks > 0 {
                // b gains a sixteen times and each byte by its weight; a gains each byte once.
                // In 16 bits: a block's bytes sum to at most 4,080, weighted to at most 34,680.
                let block = SIMD16<UInt16>(truncatingIfNeeded: position.loadUnaligned(as: SIMD16<UInt8>.self))
                b &+= a &* 16 &+ UInt32((block &* Self.weights).wrappedSum())
                a &+= UInt32(block.wrappedSum())
                position += 16
                blocks -= 1
            }
            for _ in 0..<(count % 16) {
                a &+= UInt32(position.load(as: UInt8.self))
                b &+= a
                position += 1
            }
            a %= Self.modulus
            b %= Self.modulus
            left -= count
        }
    }
}
