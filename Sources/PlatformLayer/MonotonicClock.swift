#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Time that only moves forward, for deadlines and phase timings.
public enum MonotonicClock {
    /// Seconds since an arbitrary start (`CLOCK_MONOTONIC`).
    public static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
