/// One git configuration file's text, read as git's `config.c` reads it:
/// `[section]` and `[section "subsection"]` headers, `name = value` lines
/// and bare `name` (true), `#` and `;` comments, double quotes, the
/// escapes `\n` `\t` `\b` `\\` `\"` and a backslash before a line break to
/// continue the value.
struct ConfigurationText {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The last value of `key` in `[section]` (both in lower case), nil
    /// when it is not set here; undecided when the file includes another
    /// (its value could come from there) or has a line git would refuse.
    /// A bare name means `bare`: "true" for a boolean; nil (undecided) for a
    /// string setting, which git refuses without a value.
    func value(section wantedSection: String, key wantedKey: String, bare: String? = nil) -> ConfigurationFiles.Lookup {
        var found: String?, undecided = false
        let read = forEachVariable { section, subsection, key, value in
            guard section == wantedSection && subsection == nil && key == wantedKey else { return }
            guard let value = value ?? bare else { undecided = true; return }
            found = value
        }
        return read && !undecided ? .value(found) : .undecided
    }

    /// The last values of the variables named in `names`, as git names
    /// them (`section.subsection.key`: section and key in lower case, the
    /// subsection as written), those set here only; nil when undecided, as
    /// for ``value(section:key:bare:)`` (a bare name is undecided: these are
    /// string settings).
    func values(_ names: Set<String>) -> [String: String]? {
        var found: [String: String] = [:], undecided = false
        let read = forEachVariable { section, subsection, key, value in
            let name = subsection.map { "\(section).\($0).\(key)" } ?? "\(section).\(key)"
            guard names.contains(name) else { return }
            guard let value else { undecided = true; return }
            found[name] = value
        }
        return read && !undecided ? found : nil
    }

    /// The keys set in `[section]` (in lower case; no subsection), in
    /// order; nil when undecided (the file includes another, or has a line
    /// git would refuse).
    func keys(inSection wantedSection: String) -> [String]? {
        var keys: [String] = []
        let read = forEachVariable { section, subsection, key, _ in
            if section == wantedSection && subsection == nil { keys.append(key) }
        }
        return read ? keys : nil
    }

    /// Calls `body` with every variable of the file, in order: its section
    /// and key in lower case, its subsection, its value (nil for a bare
    /// name; cut at a NUL, as git keeps values as C strings). False when the
    /// file includes another or has a line git would refuse.
    private func forEachVariable(_ body: (_ section: String, _ subsection: String?, _ key: String, _ value: String?) -> Void) -> Bool {
        var reader = Reader(bytes: bytes)
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        var section = "", subsection: String?
        while let byte = reader.peek() {
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                reader.position += 1
            case UInt8(ascii: "#"), UInt8(ascii: ";"):
                reader.skipLine()
            case UInt8(ascii: "["):
                reader.position += 1
                guard let header = reader.header() else { return false }
                (section, subsection) = header
            default:
                guard Reader.isAlpha(byte), !section.isEmpty, let key = reader.key() else { return false }
                reader.skipBlanks()
                var value: String?
                if reader.peek() == UInt8(ascii: "=") {
                    reader.position += 1
                    guard let parsed = reader.value() else { return false }
                    value = parsed
                } else if let next = reader.peek(), next != UInt8(ascii: "\n") {
                    guard next == UInt8(ascii: "#") || next == UInt8(ascii: ";") || next == UInt8(ascii: "\r") else { return false }
                    reader.skipLine()
                }
                if section == "include" || section == "includeif" { return false }
                body(section, subsection, key, value.map { String($0.prefix { $0 != "\0" }) })
            }
        }
        return true
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

        static func isAlpha(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        }

        static func isKeyCharacter(_ byte: UInt8) -> Bool {
            isAlpha(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        }

        mutating func skipLine() {
            while let byte = peek(), byte != UInt8(ascii: "\n") { position += 1 }
        }

        mutating func skipBlanks() {
            while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { position += 1 }
        }

        /// After `[`: the section, lower case, and the subsection if any
        /// (`[a "b"]`, or the older `[a.b]`, whose subsection git lowers).
        mutating func header() -> (String, String?)? {
            var name: [UInt8] = []
            while let byte = peek() {
                position += 1
                if byte == UInt8(ascii: "]") {
                    guard !name.isEmpty else { return nil }
                    let text = String(decoding: name, as: UTF8.self).lowercased()
                    if let dot = text.firstIndex(of: ".") {
                        return (String(text[..<dot]), String(text[text.index(after: dot)...]))
                    }
                    return (text, nil)
                }
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                    skipBlanks()
                    guard peek() == UInt8(ascii: "\"") else { return nil }
                    position += 1
                    var subsection: [UInt8] = []
                    while let byte = peek() {
                        position += 1
                        if byte == UInt8(ascii: "\n") { return nil }
                        if byte == UInt8(ascii: "\"") {
                            guard peek() == UInt8(ascii: "]"), !name.isEmpty, !name.contains(UInt8(ascii: ".")) else { return nil }
                            position += 1
                            return (String(decoding: name, as: UTF8.self).lowercased(), String(decoding: subsection, as: UTF8.self))
                        }
                        if byte == UInt8(ascii: "\\") {
                            guard let escaped = peek(), escaped != UInt8(ascii: "\n") else { return nil }
                            position += 1
                            subsection.append(escaped)
                        } else {
                            subsection.append(byte)
                        }
                    }
                    return nil
                }
                guard Self.isKeyCharacter(byte) || byte == UInt8(ascii: ".") else { return nil }
                name.append(byte)
            }
            return nil
        }

        /// A variable's name, in lower case.
        mutating func key() -> String? {
            var name: [UInt8] = []
            while let byte = peek(), Self.isKeyCharacter(byte) {
                name.append(byte | (Self.isAlpha(byte) ? 0x20 : 0))
                position += 1
            }
            return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
        }

        /// After `=`: the value to the end of its line (or its comment).
        mutating func value() -> String? {
            skipBlanks()
            var value: [UInt8] = []
            var quoted = false
            var spaces = 0
            while let byte = peek() {
                position += 1
                if byte == UInt8(ascii: "\n") {
                    if quoted { return nil }
                    break
                }
                if !quoted && (byte == UInt8(ascii: ";") || byte == UInt8(ascii: "#")) {
                    skipLine()
                    break
                }
                if !quoted && (byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")) {
                    if !value.isEmpty { spaces += 1 }
                    continue
                }
                value += repeatElement(UInt8(ascii: " "), count: spaces)
                spaces = 0
                switch byte {
                case UInt8(ascii: "\\"):
                    guard let escaped = peek() else { return nil }
                    position += 1
                    switch escaped {
                    case UInt8(ascii: "\n"): continue
                    case UInt8(ascii: "t"): value.append(UInt8(ascii: "\t"))
                    case UInt8(ascii: "b"): value.append(8)
                    case UInt8(ascii: "n"): value.append(UInt8(ascii: "\n"))
                    case UInt8(ascii: "\\"), UInt8(ascii: "\""): value.append(escaped)
                    default: return nil
                    }
                case UInt8(ascii: "\""):
                    quoted.toggle()
                default:
                    value.append(byte)
                }
            }
            if quoted { return nil }
            return String(decoding: value, as: UTF8.self)
        }
    }
}
