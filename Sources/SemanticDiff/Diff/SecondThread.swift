/// A thread the caller lends a computation of the core for half its work:
/// the core starts no thread itself. (`Workers`, in PlatformLayer, is one.)
public protocol SecondThread: Sendable {
    /// `side` run on the other thread while `main` runs on this one; `main`
    /// is given `result`, which waits for `side` and returns what it gave
    /// (nil when there is no other thread: `side` is then never run). When
    /// `main` asks before the other thread has begun `side`, `side` runs on
    /// this one.
    func alongside<S: Sendable, T>(_ side: @escaping @Sendable () -> S, _ main: (_ result: () -> S?) -> T) -> T

    /// `transform` applied to every item, the results in the items' order:
    /// this thread and the other each take the next item neither has taken,
    /// so that items of uneven cost are shared as evenly as they can be.
    func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @escaping @Sendable (T) -> R) -> [R]
}

extension SecondThread {
    /// `first` run on this thread and `second` on the other at once (on
    /// this one too when the other has not begun it by then): both results.
    func both<A, B: Sendable>(_ first: () -> A, _ second: @escaping @Sendable () -> B) -> (A, B) {
        alongside(second) { result in
            let a = first()
            return (a, result() ?? second())
        }
    }
}
