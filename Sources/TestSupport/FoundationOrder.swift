import FoundationCollation
import SemanticDiff

/// Key order from Foundation, in process, for every comparison the fast
/// comparator leaves undecided (the tool asks its helper process instead).
/// Every suite calls ``use()`` before its tests run.
public enum FoundationOrder {
    private static let installed: Void = { KeyCollation.reference = FoundationCollation() }()

    public static func use() { installed }
}
