extension Array where Element == Finding {
    /// Sorts the findings in the order of a check's report: by place in
    /// the file, then rule, then message, as a stable sort would. The part
    /// already in order is merged with the rest sorted, comparing fields in
    /// place, and then each finding is moved once (a finding is five
    /// strings and arrays: one passed whole is copied, its strings retained).
    mutating func sortInFileOrder() {
        guard count > 1 else { return }
        func before(_ x: Int, _ y: Int) -> Bool {
            if self[x].offset != self[y].offset { return self[x].offset < self[y].offset }
            if self[x].rule.order != self[y].rule.order { return self[x].rule.order < self[y].rule.order }
            return Finding.messagePrecedes(self[x].messageUTF8, self[y].messageUTF8)
        }
        var ordered = 1
        while ordered < count && !before(ordered, ordered - 1) { ordered += 1 }
        guard ordered < count else { return }
        var rest = [Int](ordered..<count)
        rest.sort(by: before)
        // Position i receives the finding at source[i]; on a tie the earlier one first.
        var source: [Int] = []
        source.reserveCapacity(count)
        var next = 0
        for index in rest {
            while next < ordered && !before(index, next) { source.append(next); next += 1 }
            source.append(index)
        }
        source += next..<ordered
        // One cycle of the permutation at a time, moving the bytes: a copy
        // would retain each string, often made on another thread (a cache miss each).
        withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            for start in source.indices where source[start] != start {
                let held = (base + start).move()
                var index = start
                while source[index] != start {
                    let from = source[index]
                    (base + index).moveInitialize(from: base + from, count: 1)
                    source[index] = index
                    index = from
                }
                (base + index).initialize(to: held)
                source[index] = index
            }
        }
    }
}

extension Finding {
    /// Whether message `x` sorts before `y` as their strings do: byte
    /// order for ASCII (the same as a string's order), else as strings
    /// (canonically equivalent texts are equal there).
    static func messagePrecedes(_ x: [UInt8], _ y: [UInt8]) -> Bool {
        if x.allSatisfy({ $0 < 0x80 }) && y.allSatisfy({ $0 < 0x80 }) { return x.lexicographicallyPrecedes(y) }
        return String(decoding: x, as: UTF8.self) < String(decoding: y, as: UTF8.self)
    }
}
