import SemanticDiff

/// Builds realistic String Catalogs of any size, deterministically from a
/// seed: plain translations, plural and device variations, substitutions,
/// comments, extraction states, and strings that need escaping. Used by the
/// tests and by `scripts/bench`.
public struct CatalogGenerator {
    public var keys: Int
    public var languages: Int
    public var seed: UInt64

    public init(keys: Int, languages: Int, seed: UInt64 = 1) {
        self.keys = keys
        self.languages = languages
        self.seed = seed
    }

    /// Language codes as Xcode writes them, the source language first.
    public static let languageCodes = [
        "en", "ar", "ca", "cs", "da", "de", "el", "en-GB", "es", "es-419", "fi", "fr", "fr-CA", "he", "hi", "hr",
        "hu", "id", "it", "ja", "ko", "ms", "nb", "nl", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk", "sv", "th", "tr",
        "uk", "vi", "zh-Hans", "zh-Hant", "zh-HK", "bg", "et", "lt", "lv", "sl", "sr", "fa", "bn", "ta", "te",
    ]

    /// CLDR plural categories of a language (the ones the generator uses).
    public static func pluralCategories(_ language: String) -> [String] {
        switch language.prefix(2) {
        case "ja", "ko", "zh", "th", "vi", "id", "ms": return ["other"]
        case "ru", "uk", "pl", "hr", "sr", "cs", "sk", "lt": return ["one", "few", "many", "other"]
        case "ar": return ["zero", "one", "two", "few", "many", "other"]
        case "he", "sl": return ["one", "two", "other"]
        case "fr", "es", "it", "pt", "ca": return ["one", "many", "other"]
        default: return ["one", "other"]
        }
    }

    public func catalog() -> JSONValue {
        var random = SplitMix64(seed: seed)
        let codes = Array(CatalogGenerator.languageCodes.prefix(max(1, min(languages, CatalogGenerator.languageCodes.count))))
        var strings: [(key: String, value: JSONValue)] = []
        strings.reserveCapacity(keys)
        for index in 0..<keys {
            strings.append((key(index, &random), entry(index, codes, &random)))
        }
        return .object([
            ("sourceLanguage", .string("en")),
            ("strings", .object(strings)),
            ("version", .string("1.0")),
        ])
    }

    /// The catalog in Xcode's layout.
    public func bytes() -> [UInt8] { catalog().xcodeLayout() }

    // MARK: Pieces

    private static let words = ["account", "settings", "delete", "photo", "share", "profile", "Open", "Save", "Cancel",
                                "download", "library", "Done", "next", "previous", "sync", "error", "network", "items",
                                "Welcome", "back", "privacy", "search", "results", "message", "inbox"]

    public func key(_ index: Int, _ random: inout SplitMix64) -> String {
        let word = CatalogGenerator.words[random.below(CatalogGenerator.words.count)]
        switch random.below(10) {
        case 0: return "%lld \(word) \(index)"
        case 1: return "Delete \"\(word)\" \(index)?"
        case 2: return "\(word).title.\(index)"
        case 3: return "\(capitalized(word)) – \(index) / Ünïcode"
        case 4: return "\(word) \(index)\\nsecond line"
        default: return "\(capitalized(word)) \(word) \(index)"
        }
    }

    public func entry(_ index: Int, _ codes: [String], _ random: inout SplitMix64) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if random.below(4) == 0 {
            members.append(("comment", .string("Shown on screen \(index % 17) when the user taps \"\(index)\".")))
        }
        switch random.below(20) {
        case 0, 1: members.append(("extractionState", .string("manual")))
        case 2: members.append(("extractionState", .string("stale")))
        case 3: members.append(("extractionState", .string("extracted_with_value")))
        default: break
        }
        var localizations: [(key: String, value: JSONValue)] = []
        for code in codes where random.below(20) != 0 {
            localizations.append((code, localization(index, code, &random)))
        }
        members.append(("localizations", .object(localizations)))
        if random.below(50) == 0 { members.append(("shouldTranslate", .bool(false))) }
        return .object(members)
    }

    public func localization(_ index: Int, _ code: String, _ random: inout SplitMix64) -> JSONValue {
        switch random.below(40) {
        case 0, 1:
            let plural = CatalogGenerator.pluralCategories(code).map { category in
                (key: category, value: JSONValue.object([("stringUnit", unit("%lld \(category) \(index)", code, &random))]))
            }
            return .object([("variations", .object([("plural", .object(plural))]))])
        case 2:
            let devices = ["iphone", "ipad", "mac", "other"].map { device in
                (key: device, value: JSONValue.object([("stringUnit", unit("\(device) \(index)", code, &random))]))
            }
            return .object([("variations", .object([("device", .object(devices))]))])
        case 3:
            let plural = CatalogGenerator.pluralCategories(code).map { category in
                (key: category, value: JSONValue.object([("stringUnit", unit("%arg \(category)", code, &random))]))
            }
            let substitution: JSONValue = .object([
                ("argNum", .number("1")),
                ("formatSpecifier", .string("lld")),
                ("variations", .object([("plural", .object(plural))])),
            ])
            return .object([
                ("stringUnit", unit("%#@items@ \(index)", code, &random)),
                ("substitutions", .object([("items", substitution)])),
            ])
        default:
            return .object([("stringUnit", unit("Text \(index)", code, &random))])
        }
    }

    public func unit(_ base: String, _ code: String, _ random: inout SplitMix64) -> JSONValue {
        let state: String
        switch random.below(10) {
        case 0: state = "needs_review"
        case 1: state = "new"
        default: state = "translated"
        }
        var value = "\(base) " + CatalogGenerator.flavour(code)
        switch random.below(25) {
        case 0: value += "\nwith a second line"
        case 1: value += " \"quoted\" and a\ttab"
        case 2: value += " a/b \\ c"
        default: break
        }
        return .object([("state", .string(state)), ("value", .string(value))])
    }

    public static func flavour(_ code: String) -> String {
        switch code.prefix(2) {
        case "ru", "uk", "bg", "sr": return "Перевод"
        case "ja": return "翻訳テキスト"
        case "zh": return "翻译文本"
        case "ko": return "번역 텍스트"
        case "ar", "fa": return "نص الترجمة"
        case "he": return "טקסט תרגום"
        case "el": return "Κείμενο"
        case "th": return "ข้อความแปล"
        case "hi", "bn", "ta", "te": return "अनुवाद पाठ"
        default: return "Texte traduit — ça"
        }
    }
}

/// Random edits of a catalog, as a branch makes them: translations changed
/// or added, states changed, new keys. Deterministic from a seed.
public struct CatalogEditor {
    public var seed: UInt64
    public var edits: Int

    public init(seed: UInt64, edits: Int) {
        self.seed = seed
        self.edits = edits
    }

    public func apply(to catalog: JSONValue) -> JSONValue {
        var random = SplitMix64(seed: seed)
        guard case .object(var root) = catalog,
              let stringsIndex = root.firstIndex(where: { $0.key == "strings" }),
              case .object(var strings) = root[stringsIndex].value, !strings.isEmpty else { return catalog }
        for edit in 0..<edits {
            let index = random.below(strings.count)
            var entry = strings[index].value
            switch random.below(10) {
            case 0:
                // A new key, right after a random one (in sorted files the writer sorts it).
                strings.append(("New string \(seed)-\(edit)", .object([("localizations", .object([
                    ("en", .object([("stringUnit", .object([("state", .string("translated")), ("value", .string("New \(edit)"))]))])),
                ]))])))
                continue
            case 1:
                entry["comment"] = .string("Edited comment \(seed)-\(edit)")
            default:
                guard case .object(var localizations)? = entry["localizations"], !localizations.isEmpty else { continue }
                let language = random.below(localizations.count)
                var localization = localizations[language].value
                if case .object? = localization["stringUnit"] {
                    var unit = localization["stringUnit"]!
                    if random.below(4) == 0 {
                        unit["state"] = .string("translated")
                    } else {
                        unit["value"] = .string("Edited \(seed)-\(edit) " + (unit["value"]?.stringValue ?? ""))
                    }
                    localization["stringUnit"] = unit
                } else {
                    localization["stringUnit"] = .object([("state", .string("translated")), ("value", .string("Added \(seed)-\(edit)"))])
                }
                localizations[language].value = localization
                entry["localizations"] = .object(localizations)
            }
            strings[index].value = entry
        }
        root[stringsIndex].value = .object(strings)
        return .object(root)
    }
}

private func capitalized(_ word: String) -> String {
    word.prefix(1).uppercased() + word.dropFirst()
}

/// A small, fast, seedable pseudo-random generator (SplitMix64).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
