import XCStringsCatalog
import XCStringsJSON
import XCStringsText

/// `device-unknown`: a device variation under a name Xcode never writes
/// (``Device``), which no device selects, so its text never shows.
enum DeviceCheck {
    static func check(_ localization: Localization, _ parts: Localization.Parts, _ context: EntryContext, into findings: inout [Finding]) {
        guard let node = parts.variations else { return }
        // Xcode's devices are known by their bytes: only another name is made a string.
        let document = localization.document
        guard let devices = document.value(.device, in: node), document.kind(devices) == .object,
              document.members(of: devices).contains(where: { member in document.withStringBytes(member.key) { Device(utf8: $0) == nil } })
        else { return }
        let variations = Variations(document: document, language: localization.language, node: node)
        let language = localization.language
        for (device, variant) in variations.device where Device(rawValue: device) == nil {
            let known = Device.allCases.map(\.rawValue).joined(separator: ", ")
            let lowered = device.lowercased()
            let fix = Device(rawValue: lowered) != nil ? "use \(lowered)" : "use one of \(known)"
            findings.append(context.finding(.deviceUnknown,
                                            "\(language) varies by device \(QuotedText.quoted(device)), which Xcode does not know: \(fix)",
                                            languages: [language], variant: Variant().appending(.device, device), at: variant.node))
        }
    }
}
