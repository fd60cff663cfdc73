import Foundation
import PlatformLayer

/// Programs timed against each other start from the same state of the page
/// cache. A file just copied is held in large pieces, one read from disk
/// (after a restart, as a user's installed tool and git mostly are) in
/// small ones, and each start of a program then takes more page faults:
/// the driver's merge of c0001 ran in 0.59 ms from a fresh copy and in
/// 0.73 ms read from disk, git's in 0.72 ms either way (docs/SPEED.md,
/// "Timing programs fairly"). So the programs compared are dropped from
/// the cache first, and read back from disk by their first run.
enum ProgramPages {
    /// Drops `programs` (paths, or names looked up in PATH) from the page cache.
    static func dropFromCache(_ programs: [String]) {
        for program in programs {
            guard let path = program.contains("/") ? program : ProcessEnvironment.which(program) else { continue }
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { continue }
            _ = fdatasync(descriptor)
            _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_DONTNEED))
            close(descriptor)
        }
    }
}
