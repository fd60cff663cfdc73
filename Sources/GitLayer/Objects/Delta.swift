/// A pack's delta: an object written as copies from another (its base)
/// and bytes of its own, in git's format (the base's size and the
/// result's, as little-endian base-128 numbers, then instructions).
enum Delta {
    /// The object `delta` makes from `base`; nil when the delta does not
    /// fit the base or is damaged.
    static func apply(_ delta: UnsafeRawBufferPointer, to base: UnsafeRawBufferPointer) -> ObjectBuffer? {
        var position = 0
        guard let baseSize = size(delta, &position), baseSize == base.count,
              let resultSize = size(delta, &position), let result = ObjectBuffer(count: resultSize) else { return nil }
        let output = result.memory
        var written = 0
        while position < delta.count {
            let instruction = delta[position]
            position += 1
            if instruction & 0x80 != 0 {
                // A copy: which of four offset bytes and three size bytes follow, by bit.
                var offset = 0, count = 0
                for bit in 0..<7 where instruction & (1 << bit) != 0 {
                    guard position < delta.count else { return nil }
                    let byte = Int(delta[position])
                    position += 1
                    if bit < 4 { offset |= byte << (8 * bit) } else { count |= byte << (8 * (bit - 4)) }
                }
                if count == 0 { count = 0x10000 }
                guard offset + count <= base.count, written + count <= resultSize else { return nil }
                output.baseAddress!.advanced(by: written).copyMemory(from: base.baseAddress!.advanced(by: offset), byteCount: count)
                written += count
            } else if instruction != 0 {
                // Bytes of its own, as many as the instruction says.
                let count = Int(instruction)
                guard position + count <= delta.count, written + count <= resultSize else { return nil }
                output.baseAddress!.advanced(by: written).copyMemory(from: delta.baseAddress!.advanced(by: position), byteCount: count)
                position += count
                written += count
            } else {
                return nil
            }
        }
        return written == resultSize ? result : nil
    }

    /// A size at `position`: seven bits a byte, least significant first.
    private static func size(_ delta: UnsafeRawBufferPointer, _ position: inout Int) -> Int? {
        var value = 0, shift = 0
        while position < delta.count, shift < 63 {
            let byte = delta[position]
            position += 1
            value |= Int(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        return nil
    }
}
