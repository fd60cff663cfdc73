extension String {
    /// The string padded with spaces to `length` characters, after it or
    /// (`leading`) before it: a column of a table in text.
    public func padding(toLength length: Int, leading: Bool = false) -> String {
        guard count < length else { return self }
        let spaces = String(repeating: " ", count: length - count)
        return leading ? spaces + self : self + spaces
    }
}
