import PlatformLayer
import SemanticDiff

/// The three versions of a catalog a merge starts from: base, ours, theirs.
enum ThreeVersions {
    static let names = ["base", "ours", "theirs"]

    /// `contents` (base, ours, theirs) parsed, in that order: ours on this
    /// thread (it is the largest part of the output), the others on
    /// `workers`. An empty base is nil: both sides added the file.
    /// Keys only Foundation can order in ours start the collation helper as
    /// soon as ours is read, while the others still are (on workers): the
    /// merge will ask it whether they are in order. Without workers (a small
    /// merge, read in a millisecond) the helper starts when first asked:
    /// looking for such keys cost 3% of a merge of Chinese keys, which the
    /// fast comparator mostly orders itself (c0384: 8.11 M → 7.83 M
    /// instructions without it).
    static func parse(_ contents: [Bytes], workers: Workers) -> [Result<JSONDocument?, JSONSyntaxError>] {
        let early = workers.runAlongside
        let parsed = workers.map([1, 0, 2]) { index in
            let result = parse(contents[index], allowEmpty: index == 0)
            if early, index == 1, case .success(let ours?) = result, ours.mayHaveKeysOnlyFoundationOrders {
                CollationHelper.shared.startEarly()
            }
            return result
        }
        return [parsed[1], parsed[0], parsed[2]]
    }

    static func parse(_ bytes: Bytes, allowEmpty: Bool) -> Result<JSONDocument?, JSONSyntaxError> {
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
