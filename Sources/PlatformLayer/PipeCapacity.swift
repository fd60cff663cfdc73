import GlibcExtensions

/// Room in the pipe a large output goes out through. Linux's pipes hold
/// 64 KB: a writer of megabytes (a diff's `--json`, a merged catalog with
/// `-p`) and its reader then take turns for every 64 KB, and each turn
/// costs both of them a wake-up. Measured on c0272's base → result
/// `--json` (2.9 MB) read through a pipe: 15.6 ms, and 14.3 ms with the
/// pipe at 1 MB.
public enum PipeCapacity {
    /// The most a pipe is made to hold: what Linux lets a user without
    /// privileges ask for (`/proc/sys/fs/pipe-max-size`'s default).
    static let largest = 1 << 20
    /// Outputs smaller than this go through the pipe as it is.
    static let worthIt = 256 << 10

    /// Before `count` bytes are written to `descriptor`: when it is a pipe
    /// and they are many, it is made to hold up to 1 MB of them (never
    /// less than it holds). Anything else, or a refusal, changes nothing.
    public static func prepare(_ descriptor: Int32, for count: Int) {
        guard count >= worthIt else { return }
        _ = git_xcstrings_pipe_capacity(descriptor, Int32(Swift.min(count, largest)))
    }

    /// What the pipe `descriptor` is an end of holds; nil for anything else.
    public static func capacity(_ descriptor: Int32) -> Int? {
        let capacity = git_xcstrings_pipe_capacity(descriptor, 0)
        return capacity < 0 ? nil : Int(capacity)
    }
}
