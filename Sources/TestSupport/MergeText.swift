import SemanticDiff

/// A merge's output with conflict hunks in git's markers (any marker size,
/// with or without a base section): how many hunks, and the text with one
/// side of every hunk taken.
public struct MergeText {
    public let text: String

    public init(text: String) { self.text = text }

    public init(bytes: [UInt8]) { text = String(decoding: bytes, as: UTF8.self) }

    /// The number of conflict hunks (0 when the markers are not whole hunks).
    public var hunkCount: Int { ConflictMarkers.hunks(in: Array(text.utf8))?.count ?? 0 }

    /// The text with ours (or theirs) taken in every hunk.
    public func resolved(takingOurs: Bool) -> String {
        String(decoding: ConflictMarkers.resolved(Array(text.utf8), takingOurs: takingOurs), as: UTF8.self)
    }
}
