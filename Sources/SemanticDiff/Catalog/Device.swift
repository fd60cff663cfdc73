import XCStringsJSON

/// The devices a localization can vary by, as Xcode writes them, in the
/// order Xcode's editor lists them (and `diff` shows them).
public enum Device: String, Sendable, CaseIterable {
    case iphone, ipad, ipod, mac, applewatch, appletv, applevision, other

    /// The device named by the UTF-8 `name`, as a catalog writes it (read
    /// without making a string).
    package init?(utf8 name: UnsafeBufferPointer<UInt8>) {
        switch name.count {
        case 3 where name.spells("mac"): self = .mac
        case 4 where name.spells("ipad"): self = .ipad
        case 4 where name.spells("ipod"): self = .ipod
        case 5 where name.spells("other"): self = .other
        case 6 where name.spells("iphone"): self = .iphone
        case 7 where name.spells("appletv"): self = .appletv
        case 10 where name.spells("applewatch"): self = .applewatch
        case 11 where name.spells("applevision"): self = .applevision
        default: return nil
        }
    }

    /// Where a device named `name` is listed: Xcode's devices in their
    /// order, then any other name after them.
    public static func order(of name: String) -> Int {
        Device(rawValue: name).map { allCases.firstIndex(of: $0)! } ?? allCases.count
    }
}
