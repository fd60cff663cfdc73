import PlatformLayer
import SemanticDiff

/// Catalogs read by the workers: a large file by this thread and a worker
/// at once, each reading one half (``JSONSecondHalf``).
extension Workers {
    /// `bytes` read as JSON (``JSONReader/read(_:)``), a large file by this
    /// thread and a worker at once (``JSONSecondHalf``).
    package func readJSON(_ bytes: Bytes) throws(JSONSyntaxError) -> JSONDocument {
        guard runAlongside, let cut = JSONReader.secondHalfStart(in: bytes) else { return try JSONReader.read(bytes) }
        let read: Result<JSONDocument, JSONSyntaxError> = alongside({ JSONReader.readSecondHalf(bytes, from: cut) }) { result in
            // Called by the reader while it reads, never after.
            withoutActuallyEscaping({ result() ?? nil }) { take in
                do throws(JSONSyntaxError) {
                    return .success(try JSONReader.read(bytes, cut: cut, secondHalf: take))
                } catch {
                    return .failure(error)
                }
            }
        }
        return try read.get()
    }

    /// `bytes` viewed as a catalog, read as ``readJSON(_:)`` reads them.
    package func readCatalog(_ bytes: Bytes) throws(CatalogError) -> Catalog {
        try Catalog(parsing: bytes) { bytes throws(JSONSyntaxError) in try readJSON(bytes) }
    }
}

/// A diff compares the two halves of a large catalog on this thread and a worker.
extension Workers: SecondThread {}
