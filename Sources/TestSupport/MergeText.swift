/// A merge's output with conflict hunks in git's markers (any marker size,
/// with or without a base section): how many hunks, and the text with one
/// side of every hunk taken.
public struct MergeText {
    public let text: String

    public init(text: String) { self.text = text }

    public init(bytes: [UInt8]) { text = String(decoding: bytes, as: UTF8.self) }

    private var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    /// The number of conflict hunks.
    public var hunkCount: Int { lines.filter { $0.hasPrefix("<<<<<<<") }.count }

    /// The text with ours (or theirs) taken in every hunk.
    public func resolved(takingOurs: Bool) -> String {
        var kept: [Substring] = []
        var section = 0 // 0 outside a hunk, 1 ours, 2 base, 3 theirs
        for line in lines {
            if line.hasPrefix("<<<<<<<") { section = 1; continue }
            if section > 0 && line.hasPrefix("|||||||") { section = 2; continue }
            if section > 0 && line.hasPrefix("=======") { section = 3; continue }
            if section > 0 && line.hasPrefix(">>>>>>>") { section = 0; continue }
            if section == 0 || (section == 1 && takingOurs) || (section == 3 && !takingOurs) { kept.append(line) }
        }
        return kept.joined(separator: "\n")
    }
}
