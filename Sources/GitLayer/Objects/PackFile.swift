import PlatformLayer
import SemanticDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One pack of git objects (`objects/pack/pack-….pack`) and its index
/// (version 2), mapped, read in the few places asked for.
final class PackFile: Sendable {
    private let index: Bytes
    private let pack: Bytes
    /// How many objects the index lists.
    private let count: Int

    /// The pack whose index is at `indexPath`; nil when either file is
    /// missing or not in a format read here (then libgit2 reads the objects).
    init?(indexPath: String) {
        guard indexPath.hasSuffix(".idx"),
              let index = try? Files.mapping(indexPath, populated: false),
              let pack = try? Files.mapping(String(indexPath.dropLast(4)) + ".pack", populated: false) else { return nil }
        let counts: (Int, Int)? = index.withUnsafeBufferPointer { bytes in
            pack.withUnsafeBufferPointer { packBytes in
                let index = UnsafeRawBufferPointer(bytes), pack = UnsafeRawBufferPointer(packBytes)
                // The index: a magic number, version 2, 256 counts by first byte, then per object its id, CRC and offset.
                guard index.count >= 8 + 1024, Array(index.prefix(4)) == [0xff, 0x74, 0x4f, 0x63], Self.word(index, 4) == 2 else { return nil }
                let objects = Self.word(index, 8 + 255 * 4)
                // Its size: at least the tables of 32-bit offsets, at most one 64-bit offset for all but one object, as git checks.
                guard index.count >= 8 + 1024 + objects * 28 + 40, index.count <= 8 + 1024 + objects * 28 + 40 + max(objects - 1, 0) * 8,
                      (1..<256).allSatisfy({ Self.word(index, 8 + ($0 - 1) * 4) <= Self.word(index, 8 + $0 * 4) }) else { return nil }
                // The pack: "PACK", version 2 or 3, its count of objects; its checksum, at its end, the one
                // the index was made for (an index beside another pack of as many objects would name wrong places).
                guard pack.count >= 12 + 20, Array(pack.prefix(4)) == Array("PACK".utf8), [2, 3].contains(Self.word(pack, 4)),
                      pack.suffix(20).elementsEqual(index[(index.count - 40)..<(index.count - 20)]) else { return nil }
                return (objects, Self.word(pack, 8))
            }
        }
        guard let counts, counts.0 == counts.1 else { return nil }
        self.index = index
        self.pack = pack
        count = counts.0
    }

    /// Where the object `id` starts in the pack; nil when the pack does not hold it.
    func offset(of id: ObjectID) -> Int? {
        index.withUnsafeBufferPointer { bytes in
            let index = UnsafeRawBufferPointer(bytes)
            let first = Int(id.bytes[0])
            var low = first == 0 ? 0 : Self.word(index, 8 + (first - 1) * 4)
            var high = Self.word(index, 8 + first * 4)
            guard low <= high, high <= count else { return nil }
            let names = 8 + 1024
            return id.bytes.withUnsafeBytes { wanted -> Int? in
                while low < high {
                    let middle = (low + high) / 2
                    let order = memcmp(index.baseAddress! + names + middle * 20, wanted.baseAddress!, 20)
                    if order == 0 { return offset(ofEntry: middle, index) }
                    if order < 0 { low = middle + 1 } else { high = middle }
                }
                return nil
            }
        }
    }

    /// The offset of the index's `entry`th object: 31 bits, or a 64-bit one from the table after.
    private func offset(ofEntry entry: Int, _ index: UnsafeRawBufferPointer) -> Int? {
        let offsets = 8 + 1024 + count * 24
        let small = Self.word(index, offsets + entry * 4)
        guard small & 0x8000_0000 != 0 else { return small }
        let large = offsets + count * 4 + (small & 0x7fff_ffff) * 8
        guard large + 8 <= index.count - 40 else { return nil }
        return Self.word(index, large) << 32 | Self.word(index, large + 4)
    }

    /// The object that starts at `offset`: its kind and bytes, every delta
    /// applied; nil when it is damaged. A delta's base is in the same pack,
    /// as git and libgit2 require (a thin pack, whose bases are elsewhere,
    /// is only ever sent over the network, and is not read here either).
    func object(at offset: Int) -> (ObjectKind, ObjectBuffer)? {
        pack.withUnsafeBufferPointer { bytes -> (ObjectKind, ObjectBuffer)? in
            let pack = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes).dropLast(20))
            // From the object asked for down its deltas to an object whole: each delta's data and size.
            var deltas: [(start: Int, size: Int)] = []
            var position = offset
            var base: (ObjectKind, ObjectBuffer)?
            while base == nil {
                guard deltas.count < 10_000, let entry = Self.entry(at: position, pack) else { return nil }
                switch entry.type {
                case 1...4:
                    guard let kind = ObjectKind(rawValue: entry.type), let buffer = ObjectBuffer(count: entry.size),
                          let zlib = Zlib.shared,
                          zlib.inflate(UnsafeRawBufferPointer(rebasing: pack[entry.data...]), into: buffer.memory) else { return nil }
                    base = (kind, buffer)
                case 6:
                    guard let distance = entry.baseDistance, distance > 0, distance < position else { return nil }
                    deltas.append((entry.data, entry.size))
                    position -= distance
                case 7:
                    guard let id = entry.baseID, let named = self.offset(of: id) else { return nil }
                    deltas.append((entry.data, entry.size))
                    position = named
                default:
                    return nil
                }
            }
            guard let (kind, whole) = base, let zlib = Zlib.shared else { return nil }
            var buffer = whole
            for delta in deltas.reversed() {
                guard let instructions = ObjectBuffer(count: delta.size),
                      zlib.inflate(UnsafeRawBufferPointer(rebasing: pack[delta.start...]), into: instructions.memory),
                      let result = Delta.apply(UnsafeRawBufferPointer(instructions.memory), to: UnsafeRawBufferPointer(buffer.memory)) else { return nil }
                buffer = result
            }
            return (kind, buffer)
        }
    }

    /// An entry's header: its type (1–4 an object whole, 6 a delta on an
    /// earlier entry, 7 on an object named by id), its size once inflated,
    /// where its zlib data starts, and its base.
    private static func entry(at offset: Int, _ pack: UnsafeRawBufferPointer)
        -> (type: Int, size: Int, data: Int, baseDistance: Int?, baseID: ObjectID?)? {
        guard offset >= 12, offset < pack.count else { return nil }
        var position = offset
        var byte = pack[position]
        position += 1
        let type = Int(byte >> 4 & 7)
        var size = Int(byte & 15), shift = 4
        while byte & 0x80 != 0 {
            guard position < pack.count, shift < 57 else { return nil }
            byte = pack[position]
            position += 1
            size |= Int(byte & 0x7f) << shift
            shift += 7
        }
        switch type {
        case 6:
            // The distance back to the base: base-128, most significant first, each continuation adding one.
            guard position < pack.count else { return nil }
            byte = pack[position]
            position += 1
            var distance = Int(byte & 0x7f)
            while byte & 0x80 != 0 {
                guard position < pack.count, distance < 1 << 48 else { return nil }
                byte = pack[position]
                position += 1
                distance = (distance + 1) << 7 | Int(byte & 0x7f)
            }
            return (type, size, position, distance, nil)
        case 7:
            guard position + ObjectID.size <= pack.count else { return nil }
            let id = ObjectID(raw: UnsafeRawBufferPointer(rebasing: pack[position...]))
            return (type, size, position + ObjectID.size, nil, id)
        default:
            return (type, size, position, nil, nil)
        }
    }

    /// The big-endian 32-bit number at `offset`.
    private static func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Int {
        guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
        return Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }
}
