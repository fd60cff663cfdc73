import XCStringsJSON
import XCStringsText

/// The findings of one checked file.
public struct CheckedFile: Sendable {
    /// As shown: relative to the current directory, or as given.
    public var path: String
    /// From the top of the repository, for code-scanning tools; the path
    /// as given outside a repository.
    public var repositoryPath: String
    public var findings: [Finding]
    /// Per language, with `--summary`.
    public var summary: [LanguageSummary]?

    public init(path: String, repositoryPath: String, findings: [Finding], summary: [LanguageSummary]? = nil) {
        self.path = path
        self.repositoryPath = repositoryPath
        self.findings = findings
        self.summary = summary
    }

    public func count(_ severity: Severity) -> Int {
        var count = 0
        for index in findings.indices where findings[index].severity == severity { count += 1 }
        return count
    }

    /// `3 errors, 1 warning, no info`.
    public var counts: String {
        guard !findings.isEmpty else { return "no findings" }
        return Severity.allCases.reversed().map { severity in
            let count = count(severity)
            let name = severity == .info ? "info" : severity.rawValue + (count == 1 ? "" : "s")
            return "\(count) \(name)"
        }.joined(separator: ", ")
    }
}

/// The forms `check` writes its findings in.
public enum CheckReport {
    /// `PATH:LINE:COLUMN: SEVERITY: MESSAGE [RULE]` per finding, then
    /// `PATH: N errors, N warnings, N info` per file.
    public static func text(_ files: [CheckedFile], color: Bool) -> String {
        String(decoding: textBytes(files, color: color), as: UTF8.self)
    }

    /// ``text(_:color:)`` as UTF-8, written straight into one buffer: a
    /// catalog can have tens of thousands of findings.
    public static func textBytes(_ files: [CheckedFile], color: Bool) -> [UInt8] {
        textPieces(files, findingsEach: Int.max).flatMap { text($0, of: files, color: color) }
    }

    /// A run of a text report: the lines of some findings of a file, and
    /// the file's summary when the run ends it. Pieces can be written at
    /// once, on several threads, and put one after the other.
    public struct TextPiece: Sendable {
        public var file: Int
        public var findings: Range<Int>
        public var endsFile: Bool

        public init(file: Int, findings: Range<Int>, endsFile: Bool) {
            self.file = file
            self.findings = findings
            self.endsFile = endsFile
        }
    }

    /// The text report of `files` cut into pieces of at most `findingsEach` findings.
    public static func textPieces(_ files: [CheckedFile], findingsEach: Int) -> [TextPiece] {
        var pieces: [TextPiece] = []
        for (index, file) in files.enumerated() {
            var start = 0
            repeat {
                let end = start + Swift.min(findingsEach, file.findings.count - start)
                pieces.append(TextPiece(file: index, findings: start..<end, endsFile: end == file.findings.count))
                start = end
            } while start < file.findings.count
        }
        return pieces
    }

    /// The text of `piece` of the report of `files`.
    public static func text(_ piece: TextPiece, of files: [CheckedFile], color: Bool) -> [UInt8] {
        let file = files[piece.file]
        var output = OutputBuffer(capacity: piece.findings.count * 160 + 256)
        var path = OutputBuffer(capacity: file.path.utf8.count + 16)
        VisibleText.append(file.path, to: &path)
        let shownPath = path.finish()
        // The names each line has, as bytes once for the piece.
        let ruleNames = CheckRule.allCases.map { Array($0.rawValue.utf8) }
        let severityNames = Severity.allCases.map { Array((color ? colour($0) + $0.rawValue + "\u{1B}[m" : $0.rawValue).utf8) }
        // Fields read in place: copying a finding would retain its strings, made on other threads.
        file.findings.withUnsafeBufferPointer { findings in
            for index in piece.findings {
                output.append(shownPath)
                output.append(UInt8(ascii: ":"))
                output.appendDecimal(findings[index].position.line)
                output.append(UInt8(ascii: ":"))
                output.appendDecimal(findings[index].position.column)
                output.append(literal: ": ")
                output.append(severityNames[findings[index].severity.order])
                output.append(literal: ": ")
                if findings[index].key != nil {
                    appendKey(findings[index].key!, to: &output)
                    output.append(literal: ": ")
                }
                findings[index].messageUTF8.withUnsafeBufferPointer { VisibleText.append($0, to: &output) }
                output.append(literal: " [")
                output.append(ruleNames[findings[index].rule.order])
                output.append(literal: "]\n")
            }
        }
        if piece.endsFile {
            output.append(shownPath)
            output.append(": \(file.counts)\n")
            if let summary = file.summary { output.append(table(summary)) }
        }
        return output.finish()
    }

    /// An entry's key, quoted as JSON (C0 controls escaped), then the rest
    /// of what a terminal would obey.
    private static func appendKey(_ key: String, to output: inout OutputBuffer) {
        key.withUTF8Bytes { bytes in
            if bytes.allSatisfy({ $0 < 0x7F }) {
                JSONString.appendQuoted(bytes, to: &output)
            } else {
                var quoted = OutputBuffer(capacity: bytes.count + 16)
                JSONString.appendQuoted(bytes, to: &quoted)
                quoted.finish().withUnsafeBufferPointer { VisibleText.append($0, to: &output) }
            }
        }
    }

    private static func colour(_ severity: Severity) -> String {
        switch severity {
        case .error: return "\u{1B}[1;31m"
        case .warning: return "\u{1B}[1;33m"
        case .info: return "\u{1B}[1;36m"
        }
    }

    /// The `--summary` table: a row per language.
    static func table(_ languages: [LanguageSummary]) -> String {
        let header = ["language", "translated", "needs_review", "new", "missing", "stale", "share"]
        var rows = [header]
        for language in languages {
            rows.append([VisibleText.of(language.language), String(language.translated), String(language.needsReview), String(language.new),
                         String(language.missing), String(language.stale), percent(language.share)])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            "  " + row.enumerated().map { column, cell in cell.padding(toLength: widths[column], leading: column > 0) }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// A path as a relative URI reference (RFC 3986): every byte but the
    /// unreserved ones and `/` percent-encoded, so that a space, a `%` or a
    /// first segment with a `:` (a scheme) reads as the path it is.
    static func uri(_ path: String) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A share to the nearest tenth of a percent, but 100.0% only when
    /// every string is translated, 0.0% only when none is.
    static func percent(_ share: Double?) -> String {
        guard let share else { return "-" }
        let tenths = Int((rounded(share, steps: 1000) * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// `share` to the nearest of `steps` steps, but 1 only when complete and
    /// 0 only when nothing is translated (a gate on `share == 1` must not
    /// pass early); `--json` gives four decimals.
    static func rounded(_ share: Double, steps: Double = 10000) -> Double {
        let rounded = (share * steps).rounded() / steps
        if rounded == 1 && share < 1 { return 1 - 1 / steps }
        if rounded == 0 && share > 0 { return 1 / steps }
        return rounded
    }

    /// The JSON form (schema in docs/JSON.md; fields may be added, never renamed):
    /// `{"version": 1, "files": [{"path", "findings": [{"rule", "severity", "message", "key",
    /// "languages", "variant", "line", "column"}], "counts": {"error", "warning", "info"},
    /// "summary": [{"language", "translated", "needs_review", "new", "missing", "stale",
    /// "total", "share"}] or null}]}`.
    public static func json(_ files: [CheckedFile]) -> [UInt8] {
        func number(_ value: Int) -> JSONValue { .number(String(value)) }
        let value: JSONValue = .object([
            ("version", number(1)),
            ("files", .array(files.map { file in
                .object([
                    ("path", .string(file.path)),
                    ("findings", .array(file.findings.map { finding in
                        .object([
                            ("rule", .string(finding.rule.rawValue)),
                            ("severity", .string(finding.severity.rawValue)),
                            ("message", .string(finding.message)),
                            ("key", finding.key.map(JSONValue.string) ?? .null),
                            ("languages", .array(finding.languages.map(JSONValue.string))),
                            ("variant", finding.variant.isEmpty ? .null : .string(finding.variant)),
                            ("line", number(finding.position.line)),
                            ("column", number(finding.position.column)),
                        ])
                    })),
                    ("counts", .object(Severity.allCases.reversed().map { ($0.rawValue, number(file.count($0))) })),
                    ("summary", file.summary.map { languages in
                        .array(languages.map { language in
                            .object([
                                ("language", .string(language.language)),
                                ("translated", number(language.translated)),
                                ("needs_review", number(language.needsReview)),
                                ("new", number(language.new)),
                                ("missing", number(language.missing)),
                                ("stale", number(language.stale)),
                                ("total", number(language.total)),
                                ("share", language.share.map { .number(String(rounded($0))) } ?? .null),
                            ])
                        })
                    } ?? .null),
                ])
            })),
        ])
        return value.xcodeLayoutKeepingOrder() + [UInt8(ascii: "\n")]
    }

    /// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::MESSAGE`.
    public static func github(_ files: [CheckedFile]) -> String {
        func escape(_ text: String, _ characters: [Character: String]) -> String {
            var output = ""
            for character in text { output += characters[character] ?? String(character) }
            return output
        }
        let data: [Character: String] = ["%": "%25", "\r": "%0D", "\n": "%0A", "\r\n": "%0D%0A"]
        let property = data.merging([":": "%3A", ",": "%2C"]) { first, _ in first }
        func escapeData(_ text: String) -> String { escape(text, data) }
        func escapeProperty(_ text: String) -> String { escape(text, property) }
        var output = ""
        for file in files {
            for finding in file.findings {
                let command = finding.severity == .info ? "notice" : finding.severity.rawValue
                output += "::\(command) file=\(escapeProperty(file.repositoryPath)),line=\(finding.position.line),"
                    + "col=\(finding.position.column),title=\(escapeProperty("xcstrings " + finding.rule.rawValue))::"
                    + escapeData(VisibleText.of(finding.text)) + "\n"
            }
        }
        return output
    }

    /// SARIF 2.1.0, for code-scanning tools: one run, the rules, a result per finding.
    public static func sarif(_ files: [CheckedFile], toolVersion: String) -> [UInt8] {
        func level(_ severity: Severity) -> JSONValue { .string(severity == .info ? "note" : severity.rawValue) }
        func text(_ value: String) -> JSONValue { .object([("text", .string(value))]) }
        let rules: [JSONValue] = CheckRule.allCases.map { rule in
            .object([
                ("id", .string(rule.rawValue)),
                ("shortDescription", text(rule.summary)),
                ("defaultConfiguration", .object([("level", level(rule.defaultSeverity))])),
            ])
        }
        var results: [JSONValue] = []
        for file in files {
            for finding in file.findings {
                results.append(.object([
                    ("ruleId", .string(finding.rule.rawValue)),
                    ("ruleIndex", .number(String(CheckRule.allCases.firstIndex(of: finding.rule)!))),
                    ("level", level(finding.severity)),
                    ("message", text(finding.text)),
                    ("locations", .array([.object([
                        ("physicalLocation", .object([
                            ("artifactLocation", .object([("uri", .string(uri(file.repositoryPath)))])),
                            ("region", .object([
                                ("startLine", .number(String(finding.position.line))),
                                ("startColumn", .number(String(finding.position.column))),
                            ])),
                        ])),
                    ])])),
                ]))
            }
        }
        let value: JSONValue = .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("git-xcstrings")),
                    ("version", .string(toolVersion)),
                    ("rules", .array(rules)),
                ]))])),
                ("results", .array(results)),
                // Columns count Unicode scalars (SARIF's default would be UTF-16 code units).
                ("columnKind", .string("unicodeCodePoints")),
            ])])),
        ])
        return value.xcodeLayoutKeepingOrder() + [UInt8(ascii: "\n")]
    }
}
