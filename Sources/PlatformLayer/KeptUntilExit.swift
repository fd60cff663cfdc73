/// Values a command is done with just before the process ends, kept rather
/// than freed: the kernel takes a process's memory back at once when it
/// exits, where freeing a diff's tens of thousands of changes and their
/// strings one by one takes a few tenths of a millisecond (as git leaves
/// what it read to its exit).
public enum KeptUntilExit {
    nonisolated(unsafe) private static var values: [Any] = []

    /// Keeps `value` until the process ends. Call it on the main thread only.
    public static func keep(_ value: Any) {
        values.append(value)
    }
}
