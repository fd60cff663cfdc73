import XCStringsJSON

/// Reading conflict hunks in git's markers back out of a text: what a line
/// merge left, whatever the marker size, labels and conflict style.
extension ConflictMarkers {
    /// One conflict hunk: the lines of each side, without the marker lines.
    public struct Hunk: Sendable {
        /// The 1-based line of its opening marker.
        public var line: Int
        public var ours: [ArraySlice<UInt8>]
        /// nil without a base section (`merge` style).
        public var base: [ArraySlice<UInt8>]?
        public var theirs: [ArraySlice<UInt8>]
    }

    /// What a line is: text, or which marker.
    enum Line { case text, open, base, separator, close }

    static func kind(_ line: ArraySlice<UInt8>) -> Line {
        guard let first = line.first else { return .text }
        let run = line.prefix { $0 == first }.count
        guard run >= 7 else { return .text }
        let labelled = run == line.count || line[line.startIndex + run] == UInt8(ascii: " ")
        switch first {
        case UInt8(ascii: "<") where labelled: return .open
        case UInt8(ascii: "|") where labelled: return .base
        case UInt8(ascii: "=") where run == line.count: return .separator
        case UInt8(ascii: ">") where labelled: return .close
        default: return .text
        }
    }

    /// The hunks of `text`, in order; nil when its markers are not whole
    /// hunks (one begun and not ended, a separator missing, one inside another).
    public static func hunks(in text: [UInt8]) -> [Hunk]? {
        var hunks: [Hunk] = []
        var current: Hunk?
        var section = 0 // 0 outside, 1 ours, 2 base, 3 theirs
        for (number, line) in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            switch (kind(line), section) {
            case (.open, 0):
                current = Hunk(line: number + 1, ours: [], base: nil, theirs: [])
                section = 1
            case (.base, 1):
                current?.base = []
                section = 2
            case (.separator, 1), (.separator, 2):
                section = 3
            case (.close, 3):
                hunks.append(current!)
                current = nil
                section = 0
            case (.text, _), (_, 0):
                switch section {
                case 1: current?.ours.append(line)
                case 2: current?.base?.append(line)
                case 3: current?.theirs.append(line)
                default: break
                }
            default:
                return nil
            }
        }
        return section == 0 ? hunks : nil
    }

    /// `text` with ours (or theirs) taken in every hunk and the markers gone.
    public static func resolved(_ text: [UInt8], takingOurs: Bool) -> [UInt8] {
        var kept: [ArraySlice<UInt8>] = []
        var section = 0
        for line in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            switch (kind(line), section) {
            case (.open, 0): section = 1; continue
            case (.base, 1): section = 2; continue
            case (.separator, 1), (.separator, 2): section = 3; continue
            case (.close, 3): section = 0; continue
            default: break
            }
            if section == 0 || (section == 1 && takingOurs) || (section == 3 && !takingOurs) { kept.append(line) }
        }
        return Array(kept.joined(separator: [UInt8(ascii: "\n")]))
    }
}
