import PlatformLayer
import SemanticDiff

/// The three versions of a catalog a merge starts from: base, ours, theirs.
package enum ThreeVersions {
    package static let names = ["base", "ours", "theirs"]

    /// `contents` (base, ours, theirs) parsed, in that order: ours on this
    /// thread (it is the largest part of the output), the others on
    /// `workers`. An empty base is nil: both sides added the file.
    package static func parse(_ contents: [Bytes], workers: Workers) -> [Result<JSONDocument?, JSONSyntaxError>] {
        let parsed = workers.map([1, 0, 2]) { index in parse(contents[index], allowEmpty: index == 0) }
        return [parsed[1], parsed[0], parsed[2]]
    }

    package static func parse(_ bytes: Bytes, allowEmpty: Bool) -> Result<JSONDocument?, JSONSyntaxError> {
        if allowEmpty && bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .success(nil)
        }
        do {
            return .success(try JSONDocument(parsing: bytes))
        } catch {
            return .failure(error)
        }
    }
}
