/// `device-unknown`: a device variation under a name Xcode never writes
/// (``Device``), which no device selects, so its text never shows.
enum DeviceCheck {
    static func check(_ localization: Localization, _ parts: Localization.Parts, _ context: EntryContext, into findings: inout [Finding]) {
        guard let node = parts.variations else { return }
        let variations = Variations(document: localization.document, language: localization.language, node: node)
        let language = localization.language
        for (device, variant) in variations.device where Device(rawValue: device) == nil {
            let known = Device.allCases.map(\.rawValue).joined(separator: ", ")
            let lowered = device.lowercased()
            let fix = Device(rawValue: lowered) != nil ? "use \(lowered)" : "use one of \(known)"
            findings.append(context.finding(.deviceUnknown,
                                            "\(language) varies by device \(DiffRenderer.quoted(device)), which Xcode does not know: \(fix)",
                                            languages: [language], variant: Variant().appending(.device, device), at: variant.node))
        }
    }
}
