import PlatformLayer

/// Programs timed against each other start from the same state of the page
/// cache. A file just copied is held in large pieces, one read from disk
/// (after a restart, as a user's installed tool and git mostly are) in
/// small ones, and each start of a program then takes more page faults. So
/// the programs compared are dropped from the cache first, and read back
/// from disk by their first run (on Linux: ``Files/dropFromPageCache(_:)``).
enum ProgramPages {
    /// Drops `programs` (paths, or names looked up in PATH) from the page cache.
    static func dropFromCache(_ programs: [String]) {
        for program in programs {
            guard let path = program.contains("/") ? program : ProcessEnvironment.which(program) else { continue }
            Files.dropFromPageCache(path)
        }
    }
}
