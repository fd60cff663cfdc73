/// What differs by the system underneath rather than by a call's
/// signature: the one place the rest of the tool asks.
public enum Platform {
    /// Whether Foundation is Apple's (the one Xcode sorts keys with), not
    /// swift-corelibs-foundation.
    public static let hasAppleFoundation: Bool = {
        #if canImport(Darwin)
        return true
        #else
        return false
        #endif
    }()

    /// Whether a file's pages can be dropped from the page cache
    /// (``Files/dropFromPageCache(_:)``).
    public static let canDropCachedPages: Bool = {
        #if os(Linux)
        return true
        #else
        return false
        #endif
    }()
}
