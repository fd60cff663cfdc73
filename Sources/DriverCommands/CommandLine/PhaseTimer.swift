import PlatformLayer
import GitProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Phase timings on standard error when `GIT_XCSTRINGS_TIMING` is set: a
/// tool for finding where a slow run spends its time.
package struct PhaseTimer {
    private let enabled = getenv("GIT_XCSTRINGS_TIMING") != nil
    private var last = PhaseTimer.now()
    private var phases: [(String, Double)] = []

    package init() {}

    /// Milliseconds.
    package static func now() -> Double { MonotonicClock.seconds() * 1e3 }

    package mutating func mark(_ phase: String) {
        guard enabled else { return }
        let time = PhaseTimer.now()
        phases.append((phase, time - last))
        last = time
    }

    package func report() {
        guard enabled else { return }
        Console.error(phases.map { "\($0.0) \(String(Int($0.1 * 1000))) µs" }.joined(separator: ", "))
    }
}
