/// The devices a localization can vary by, as Xcode writes them, in the
/// order Xcode's editor lists them (and `diff` shows them).
public enum Device: String, Sendable, CaseIterable {
    case iphone, ipad, ipod, mac, applewatch, appletv, applevision, other

    /// Where a device named `name` is listed: Xcode's devices in their
    /// order, then any other name after them.
    public static func order(of name: String) -> Int {
        Device(rawValue: name).map { allCases.firstIndex(of: $0)! } ?? allCases.count
    }
}
