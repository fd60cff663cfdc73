#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `transform` applied to every item, each on its own thread (the first on
/// this one) when `worthIt`: reading three large catalogs at once on two
/// cores takes half the time; for small ones, starting threads costs more
/// than it saves.
func parallelMap<T: Sendable, R: Sendable>(_ items: [T], worthIt: Bool, _ transform: @escaping @Sendable (T) -> R) -> [R] {
    guard worthIt, items.count > 1 else { return items.map(transform) }
    let jobs = items.dropFirst().map { item in ParallelJob { transform(item) } }
    var threads: [pthread_t?] = []
    for job in jobs {
        let context = Unmanaged.passRetained(job).toOpaque()
        var thread = pthread_t()
        if pthread_create(&thread, nil, { context in
            Unmanaged<ParallelJob>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context) == 0 {
            threads.append(thread)
        } else {
            Unmanaged<ParallelJob>.fromOpaque(context).release()
            job.run()
            threads.append(nil)
        }
    }
    let first = transform(items[0])
    for thread in threads { if let thread { pthread_join(thread, nil) } }
    return [first] + jobs.map { $0.result as! R }
}

/// The work of another thread and, once it is done, its result.
private final class ParallelJob: @unchecked Sendable {
    let work: @Sendable () -> Any
    var result: Any?

    init<A>(_ work: @escaping @Sendable () -> A) { self.work = { work() } }

    func run() { result = work() }
}
