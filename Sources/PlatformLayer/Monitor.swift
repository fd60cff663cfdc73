#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex and a condition on it: threads change what the mutex guards in
/// ``withLock(_:)`` and wait there, with ``wait()``, until another has
/// changed it and called ``broadcast()``.
public final class Monitor: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// `body` run holding the mutex.
    public func withLock<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Within ``withLock(_:)``: lets the mutex go until a broadcast, then holds it again.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Within ``withLock(_:)``: wakes every thread waiting.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
