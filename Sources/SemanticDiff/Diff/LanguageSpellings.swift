/// The languages of the localizations a diff compares, each made a string
/// once: entries name the same few languages, mostly in the same order,
/// and a string made from a key's bytes costs hundreds of instructions.
struct LanguageSpellings {
    private var bytes: [[UInt8]] = []
    private var names: [String] = []
    /// Just after the language asked for last.
    private var next = 0

    /// More languages than this are made strings each time (a file with
    /// thousands of languages is not a catalog's usual shape).
    static let capacity = 64

    /// The language named by key node `key` of `raw`.
    mutating func name(_ raw: RawDocument, _ key: Int) -> String {
        raw.withKeyText(key) { text in
            // Asked for the old and then the new version of a localization, and for the languages an
            // entry changed, a few of those in order: the last one again, then on from it, then the rest.
            let last = Swift.min(Swift.max(next - 1, 0), bytes.count)
            for known in last..<bytes.count where bytes[known].withUnsafeBufferPointer({ memcmpEqual($0, text) }) {
                next = known + 1
                return names[known]
            }
            for known in 0..<last where bytes[known].withUnsafeBufferPointer({ memcmpEqual($0, text) }) {
                next = known + 1
                return names[known]
            }
            let name = String(decoding: text, as: UTF8.self)
            if bytes.count < LanguageSpellings.capacity {
                bytes.append(Array(text))
                names.append(name)
                next = bytes.count
            }
            return name
        }
    }
}
