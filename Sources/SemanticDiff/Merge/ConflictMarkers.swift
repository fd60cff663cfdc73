import XCStringsJSON

/// How conflicts are written: git's markers, their length (`%L`), labels,
/// and the style (`merge.conflictStyle`).
public struct ConflictMarkers: Sendable {
    public enum Style: String, Sendable {
        /// `<<<<<<<` ours `=======` theirs `>>>>>>>`.
        case merge
        /// With the base between `|||||||` and `=======`.
        case diff3
        /// Like diff3, with lines both sides share moved out of the hunk.
        case zdiff3
    }

    public var style: Style
    public var size: Int
    public var oursLabel: String
    public var baseLabel: String
    public var theirsLabel: String

    public init(style: Style = .merge, size: Int = 7, oursLabel: String = "ours", baseLabel: String = "base",
                theirsLabel: String = "theirs") {
        self.style = style
        self.size = max(size, 1)
        self.oursLabel = oursLabel
        self.baseLabel = baseLabel
        self.theirsLabel = theirsLabel
    }

    /// `main` with each piece written as a hunk around the smallest set of
    /// whole lines where the sides differ.
    func apply(_ main: [UInt8], _ pieces: [ConflictPiece]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(main.count + pieces.count * 256)
        var cursor = 0
        for piece in pieces {
            var lineStart = piece.offset
            while lineStart > cursor && main[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            var lineEnd = piece.offset
            while lineEnd < main.count && main[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            output += main[cursor..<lineStart]
            let prefix = main[lineStart..<piece.offset], suffix = main[piece.offset..<lineEnd]
            func lines(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
                (Array(prefix) + text + Array(suffix)).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            }
            // No base text: the value is not in the base at all (both sides added it).
            output += hunk(ours: lines(piece.ours), theirs: lines(piece.theirs), base: piece.base.isEmpty ? [] : lines(piece.base))
            cursor = lineEnd
        }
        output += main[cursor...]
        return output
    }

    /// The lines of one conflict region, markers included, joined by line breaks.
    func hunk(ours: [ArraySlice<UInt8>], theirs: [ArraySlice<UInt8>], base: [ArraySlice<UInt8>]) -> [UInt8] {
        let withBase = style != .merge
        var sides = [ours, theirs]
        if style == .diff3 { sides.append(base) }
        // Lines every compared side shares at the start and at the end stay outside the markers.
        let shortest = sides.map(\.count).min()!
        var leading = 0
        while leading < shortest && sides.allSatisfy({ $0[leading] == sides[0][leading] }) { leading += 1 }
        var trailing = 0
        while trailing < shortest - leading
                && sides.allSatisfy({ $0[$0.count - 1 - trailing] == sides[0][sides[0].count - 1 - trailing] }) {
            trailing += 1
        }
        var baseLines = base
        if style == .zdiff3 {
            // Trim the base only where it shares the lines moved out.
            let baseLeading = (0..<min(leading, base.count)).prefix { base[$0] == ours[$0] }.count
            let baseTrailing = (0..<min(trailing, base.count - baseLeading)).prefix {
                base[base.count - 1 - $0] == ours[ours.count - 1 - $0]
            }.count
            baseLines = Array(base[baseLeading..<(base.count - baseTrailing)])
        } else if withBase {
            baseLines = Array(base[leading..<(base.count - trailing)])
        }
        var lines: [ArraySlice<UInt8>] = Array(ours[0..<leading])
        lines.append(ArraySlice(marker("<", oursLabel)))
        lines += ours[leading..<(ours.count - trailing)]
        if withBase {
            lines.append(ArraySlice(marker("|", baseLabel)))
            lines += baseLines
        }
        lines.append(ArraySlice(marker("=", nil)))
        lines += theirs[leading..<(theirs.count - trailing)]
        lines.append(ArraySlice(marker(">", theirsLabel)))
        lines += ours[(ours.count - trailing)...]
        return Array(lines.joined(separator: [UInt8(ascii: "\n")]))
    }

    /// The lines of `text` with every conflict marker line (seven or more
    /// of `<`, `|`, `=` or `>`, then a label or nothing) reduced to its
    /// character: two texts that differ only in labels and marker length
    /// compare equal.
    public static func normalizedLines(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
        text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            guard let first = line.first, [UInt8(ascii: "<"), UInt8(ascii: "|"), UInt8(ascii: "="), UInt8(ascii: ">")].contains(first)
            else { return line }
            let run = line.prefix { $0 == first }.count
            guard run >= 7, run == line.count || line[line.startIndex + run] == UInt8(ascii: " ") else { return line }
            return [first][...]
        }
    }

    func marker(_ character: Character, _ label: String?) -> [UInt8] {
        var text = String(repeating: character, count: size)
        if let label, !label.isEmpty { text += " " + label }
        return Array(text.utf8)
    }
}
