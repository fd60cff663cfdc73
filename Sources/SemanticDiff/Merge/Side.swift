import XCStringsJSON

/// One of the three versions a merge reads.
public enum Side: Int, Sendable, CaseIterable {
    case base, ours, theirs

    /// The other changing side: ours for theirs and theirs for ours.
    var other: Side { self == .ours ? .theirs : .ours }

    package var name: String {
        switch self {
        case .base: return "base"
        case .ours: return "ours"
        case .theirs: return "theirs"
        }
    }
}

/// The three documents of a merge, as raw views valid while merging and
/// writing. A missing base (both sides added the file) has no document.
struct MergeSources {
    let base: RawDocument?
    let ours: RawDocument
    let theirs: RawDocument
    /// Which of ours' objects are in Xcode's order (ours is most of the output).
    let oursOrder: SortedMembers
    /// The order keys are written in.
    let keyOrder: KeyOrder

    /// The order facts for copying `node` of `side` into the output.
    func order(_ side: Side, subtree node: Int) -> SortedMembers {
        side == .ours ? oursOrder : SortedMembers(self[side], subtree: node, keyOrder: keyOrder)
    }

    /// The decoded text of a merged member's key.
    func text(_ key: MergedKey) -> [UInt8] {
        switch key {
        case .node(let side, let node): return self[side].decodedKey(node)
        case .name(let name): return Array(name.utf8)
        }
    }

    /// Calls `body` with the decoded text of `key` (in place when it has no escapes).
    func withText<R>(_ key: MergedKey, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch key {
        case .node(let side, let node): return self[side].withKeyText(node, body)
        case .name(let name): return Array(name.utf8).withUnsafeBufferPointer(body)
        }
    }

    subscript(side: Side) -> RawDocument {
        switch side {
        case .base: return base!
        case .ours: return ours
        case .theirs: return theirs
        }
    }
}

/// A value on one side: its document and node, or nothing.
struct SideValue {
    let side: Side
    let node: Int?

    static func absent(_ side: Side) -> SideValue { SideValue(side: side, node: nil) }
}
