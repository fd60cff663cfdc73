import CGit2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// zlib's inflate, which every git object is stored through, opened with
/// `dlopen` the first time an object is read (like libgit2, so that no
/// other command pays for loading it).
final class Zlib: @unchecked Sendable {
    /// The library, or nil when it cannot be opened (then libgit2 reads the objects).
    static let shared: Zlib? = Zlib()

    private let initialize: xcs_inflateInit2_fn
    private let step: xcs_inflate_fn
    private let end: xcs_inflateEnd_fn

    private init?() {
        #if os(macOS)
        let names = ["/usr/lib/libz.1.dylib", "libz.1.dylib", "libz.dylib"]
        #else
        let names = ["libz.so.1", "libz.so"]
        #endif
        guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_LAZY | RTLD_LOCAL) }).first,
              let initialize = dlsym(handle, "inflateInit2_"), let step = dlsym(handle, "inflate"),
              let end = dlsym(handle, "inflateEnd") else { return nil }
        self.initialize = unsafeBitCast(initialize, to: xcs_inflateInit2_fn.self)
        self.step = unsafeBitCast(step, to: xcs_inflate_fn.self)
        self.end = unsafeBitCast(end, to: xcs_inflateEnd_fn.self)
    }

    /// Inflates the zlib stream at the start of `input` into `output`,
    /// which it must fill exactly, to the stream's end. False when the
    /// stream is damaged, ends early or holds more. From `fastFrom` bytes
    /// on it is inflated by libdeflate, where the machine has it.
    func inflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer,
                 fastFrom threshold: Int = Libdeflate.worthOpeningFrom) -> Bool {
        if output.count >= threshold, let inflated = Libdeflate.shared?.inflate(input, into: output) {
            return inflated
        }
        guard var stream = InflateStream(input, zlib: self) else { return false }
        return stream.readToEnd(into: output)
    }

    /// One zlib stream being inflated, a piece at a time: its two-byte
    /// header read here, the deflated data by zlib (raw), and the Adler-32
    /// of what it makes checked here against the stream's trailer.
    struct InflateStream: ~Copyable {
        private let zlib: Zlib
        private let stream: UnsafeMutablePointer<z_stream>
        private var input: UnsafeRawBufferPointer
        private var checksum: Adler32
        private(set) var ended: Bool

        init?(_ input: UnsafeRawBufferPointer, zlib: Zlib) {
            // The header: deflate with a window of at most 32 KB, no preset dictionary, a multiple of 31.
            guard input.count >= 2, input[0] & 0x0f == 8, input[0] >> 4 <= 7, input[1] & 0x20 == 0,
                  (Int(input[0]) << 8 | Int(input[1])) % 31 == 0 else { return nil }
            let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            stream.initialize(to: z_stream())
            guard zlib.initialize(stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                stream.deallocate()
                return nil
            }
            self.zlib = zlib
            self.stream = stream
            self.input = UnsafeRawBufferPointer(rebasing: input[2...])
            checksum = Adler32()
            ended = false
        }

        deinit {
            _ = zlib.end(stream)
            stream.deallocate()
        }

        /// Inflates the rest of the stream into `output`, which it must fill
        /// exactly, to the stream's end; false otherwise.
        mutating func readToEnd(into output: UnsafeMutableRawBufferPointer) -> Bool {
            if output.count > 0 {
                guard let produced = read(into: output), produced.count == output.count else { return false }
                if produced.ended { return true }
            }
            // Filled, but not ended: the end may still be to come, with nothing more in it.
            var spare: UInt8 = 0
            return withUnsafeMutableBytes(of: &spare) { read(into: $0) }.map { $0.count == 0 && $0.ended } ?? false
        }

        /// Inflates into `output` until it is full or the stream ends: how
        /// many bytes were written and whether the stream ended; nil when it
        /// is damaged or its input runs out first.
        mutating func read(into output: UnsafeMutableRawBufferPointer) -> (count: Int, ended: Bool)? {
            guard !ended else { return (0, true) }
            guard let base = output.baseAddress, output.count > 0 else { return (0, false) }
            var written = 0
            while written < output.count {
                // zlib counts in 32 bits: longer input and output are given a piece at a time.
                let given = min(input.count, Int(UInt32.max)), room = min(output.count - written, Int(UInt32.max))
                stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
                stream.pointee.avail_in = uInt(given)
                stream.pointee.next_out = (base + written).assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = uInt(room)
                let status = zlib.step(stream, Z_NO_FLUSH)
                let consumed = given - Int(stream.pointee.avail_in), produced = room - Int(stream.pointee.avail_out)
                input = UnsafeRawBufferPointer(rebasing: input[(input.startIndex + consumed)...])
                checksum.update(UnsafeRawBufferPointer(start: base + written, count: produced))
                written += produced
                if status == Z_STREAM_END {
                    // The trailer: the Adler-32 of all that was inflated, big-endian.
                    guard input.count >= 4, input.prefix(4).reduce(0, { $0 << 8 | UInt32($1) }) == checksum.value else { return nil }
                    ended = true
                    return (written, true)
                }
                // Anything else (Z_BUF_ERROR: no progress, the input ran out) is a damaged stream.
                guard status == Z_OK, consumed > 0 || produced > 0 else { return nil }
            }
            return (written, false)
        }
    }
}
