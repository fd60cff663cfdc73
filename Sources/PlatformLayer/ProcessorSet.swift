#if canImport(Glibc)
import Glibc
import GlibcExtensions

/// The processors a thread may run on (Linux's `cpu_set_t`), for placing
/// worker threads.
///
/// Linux queues a thread that another one wakes (or starts) on the waker's
/// processor and moves it to an idle one only at its next balancing, a
/// millisecond or more later. On this project's 2-processor machine half of
/// the diffs of a 1.3 MB catalog read their two versions one after the
/// other instead of at once: the worker began its side 1.5–2.5 ms late,
/// after the main thread had read its own (a C program that starts a thread
/// does the same). So a worker is woken with the waker's processor taken
/// out of its set, and given its whole set back once it runs, so that the
/// scheduler can still move it where there is room.
struct ProcessorSet {
    private var bits = cpu_set_t()

    private static let size = MemoryLayout<cpu_set_t>.size

    /// The set of the calling thread; nil when it cannot be told.
    static func ofCallingThread() -> ProcessorSet? {
        guard let getAffinity = GNU.getAffinity else { return nil }
        var set = ProcessorSet()
        let read = withUnsafeMutableBytes(of: &set.bits) { getAffinity(0, size, $0.baseAddress!) }
        return read == 0 ? set : nil
    }

    /// This set without the processor the calling thread runs on now; nil
    /// when that cannot be told or would leave no processor.
    func withoutCallersProcessor() -> ProcessorSet? {
        guard let currentProcessor = GNU.currentProcessor else { return nil }
        let processor = Int(currentProcessor())
        guard processor >= 0, processor < ProcessorSet.size * 8 else { return nil }
        var others = self
        let anyLeft = withUnsafeMutableBytes(of: &others.bits) { bytes in
            let words = bytes.bindMemory(to: UInt64.self)
            words[processor / 64] &= ~(1 << UInt64(processor % 64))
            return words.contains { $0 != 0 }
        }
        return anyLeft ? others : nil
    }

    /// Restricts `thread` to this set (it moves at once if it must).
    func apply(to thread: pthread_t) {
        guard let setAffinity = GNU.setAffinity else { return }
        var bits = self.bits
        _ = withUnsafeBytes(of: &bits) { setAffinity(thread, ProcessorSet.size, $0.baseAddress!) }
    }

    /// A thread started with `attributes` runs on this set from its start.
    func apply(to attributes: inout pthread_attr_t) {
        guard let setAttributeAffinity = GNU.setAttributeAffinity else { return }
        var bits = self.bits
        _ = withUnsafeBytes(of: &bits) { setAttributeAffinity(&attributes, ProcessorSet.size, $0.baseAddress!) }
    }

    /// glibc's functions that its headers declare only for _GNU_SOURCE.
    private enum GNU {
        typealias CurrentProcessor = @convention(c) () -> Int32
        typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
        typealias SetAffinity = @convention(c) (pthread_t, Int, UnsafeRawPointer) -> Int32
        typealias SetAttributeAffinity = @convention(c) (UnsafeMutablePointer<pthread_attr_t>, Int, UnsafeRawPointer) -> Int32

        static let currentProcessor: CurrentProcessor? = function("sched_getcpu")
        static let getAffinity: GetAffinity? = function("sched_getaffinity")
        static let setAffinity: SetAffinity? = function("pthread_setaffinity_np")
        static let setAttributeAffinity: SetAttributeAffinity? = function("pthread_attr_setaffinity_np")

        private static func function<F>(_ name: String) -> F? {
            git_xcstrings_glibc_function(name).map { unsafeBitCast($0, to: F.self) }
        }
    }
}
#endif
