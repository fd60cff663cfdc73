extension Array where Element == String {
    /// The strings with `separator` between them, as the standard library's
    /// `joined(separator:)`, which this hides for arrays of strings. That one
    /// is not inlinable: reached unspecialized, its first call in a process
    /// looks up its collection's associated types at run time, 100,000
    /// instructions, 5 % of a small merge that reports a check finding
    /// (corpus c0628). Appends are specialized where they are used.
    public func joined(separator: String = "") -> String {
        var text = ""
        guard !isEmpty else { return text }
        text.reserveCapacity(reduce(separator.utf8.count * (count - 1)) { $0 + $1.utf8.count })
        for (index, part) in enumerated() {
            if index > 0 { text += separator }
            text += part
        }
        return text
    }
}
