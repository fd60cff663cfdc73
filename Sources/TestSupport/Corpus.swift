import Foundation
import FoundationKeyOrder
import PlatformLayer
import SemanticDiff

/// The shared corpus of real catalogs and merges, when it is present.
public enum Corpus {
    public static let directory: URL = {
        if let path = ProcessInfo.processInfo.environment["XCSTRINGS_CORPUS"] {
            return URL(fileURLWithPath: path)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()

    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("catalogs.tsv").path)
    }

    public static let skipMessage = "the corpus is not at ../shared/corpus (set XCSTRINGS_CORPUS to use another place)"

    /// The rows of a table (`catalogs.tsv`, `merges.tsv`), as dictionaries
    /// from column to value; from `corpus` when given, else the default place.
    public static func table(_ name: String, in corpus: URL? = nil) throws -> [[String: String]] {
        let text = try String(contentsOf: (corpus ?? directory).appendingPathComponent(name), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let header = lines.removeFirst()
        return lines.map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    public static func blob(_ name: String) throws -> [UInt8] {
        try Files.read(directory.appendingPathComponent("blobs").appendingPathComponent(name).path)
    }
}

/// The package's root directory, found from this file's path.
public let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

public func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

public func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// Parses `text`, returning the error it raises (or nil).
public func syntaxError(_ text: String) -> JSONSyntaxError? {
    syntaxError(bytes(text))
}

public func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
    do {
        _ = try JSONDocument(parsing: bytes)
        return nil
    } catch {
        return error
    }
}

/// Our formatting of `text`.
public func formatted(_ text: String) throws -> String {
    let document = try JSONDocument(parsing: bytes(text))
    return TestSupport.text(XcodeLayout.format(document))
}
