/// The languages of the localizations a diff compares, each made a string
/// once: entries name the same few languages, mostly in the same order,
/// and a string made from a key's bytes costs hundreds of instructions.
struct LanguageSpellings {
    private var bytes: [[UInt8]] = []
    private var names: [String] = []
    /// Where the language after the last one asked for usually is.
    private var next = 0

    /// More languages than this are made strings each time (a file with
    /// thousands of languages is not a catalog's usual shape).
    static let capacity = 64

    /// The language named by key node `key` of `raw`.
    mutating func name(_ raw: RawDocument, _ key: Int) -> String {
        raw.withKeyText(key) { text in
            if next < bytes.count, bytes[next].withUnsafeBufferPointer({ memcmpEqual($0, text) }) {
                next += 1
                return names[next - 1]
            }
            if let known = bytes.firstIndex(where: { $0.withUnsafeBufferPointer { memcmpEqual($0, text) } }) {
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
