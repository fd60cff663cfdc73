/// A merge's text, with one side of every hunk taken.
public struct MergeText {
    public let text: String

    public init(text: String) { self.text = text }

    public func resolved(takingOurs: Bool) -> String {
        var kept: [Substring] = []
        var section = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("<<<<<<<") { section = 1; continue }
            if section > 0 && line.hasPrefix("|||||||") { section = 2; continue }
            if section > 0 && line.hasPrefix("=======") { section = 3; continue }
            if section > 0 && line.hasPrefix(">>>>>>>") { section = 0; continue }
            if section == 0 || (section == 1 && takingOurs) || (section == 3 && !takingOurs) { kept.append(line) }
        }
        return kept.joined(separator: "\n")
    }
}
