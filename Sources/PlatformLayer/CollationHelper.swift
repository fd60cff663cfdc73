import SemanticDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Foundation's comparison through `git-xcstrings-collate`, a helper
/// process started the first time a pair of keys needs it and kept for the
/// rest of the run. It is looked for next to the running executable, then on
/// `PATH`.
///
/// When it cannot be started or stops answering, keys are compared by
/// Unicode scalars instead and ``failure`` says why, so the command can say
/// its order may differ from Xcode's.
public final class CollationHelper: CollationReference, @unchecked Sendable {
    public static let shared = CollationHelper()

    private var lock = pthread_mutex_t()
    private var input: Int32 = -1
    private var output: Int32 = -1
    private var started = false
    private var child: pid_t = 0
    private var problem: String?

    /// A helper of its own, started when first needed and stopped when this
    /// goes; the tool uses ``shared``. `program` replaces the one looked for,
    /// and `answerTimeout` the seconds a request may take before the helper
    /// is stopped (more for a batch: ``exchange``).
    public init(program: String? = nil, answerTimeout: Int = 10) {
        self.program = program
        self.answerTimeout = answerTimeout
        pthread_mutex_init(&lock, nil)
    }

    deinit {
        // The helper ends when its input closes.
        if input >= 0 { close(input) }
        if output >= 0 { close(output) }
        if child > 0 { var status: Int32 = 0; waitpid(child, &status, 0) }
        pthread_mutex_destroy(&lock)
    }

    /// How many requests were sent: one per pair, or per batch of pairs or
    /// keys to order.
    public var requests: Int {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return sent
    }

    private var sent = 0

    /// How many answers were Unicode scalar order instead of Foundation's,
    /// because the helper could not give them: a command compares it
    /// before and after a file to know whether that file's order is Xcode's.
    public var approximations: Int {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return approximate
    }

    private var approximate = 0

    private func approximated() {
        pthread_mutex_lock(&lock)
        approximate += 1
        pthread_mutex_unlock(&lock)
    }

    /// Why the helper could not answer, when an approximate order was used
    /// (`not found next to git-xcstrings or on PATH`, `stopped before answering in full (it exited with status 1)`…).
    public var failure: String? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return problem
    }

    /// ``failure``, unless a command has already said it for every file
    /// it touched (``failureReported()``): the closing warning then adds nothing.
    public var unreportedFailure: String? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        // A helper started early (``startEarly()``) and never asked anything failed no command.
        return reported || !asked ? nil : problem
    }

    /// Notes that the command named the failure where it mattered.
    public func failureReported() {
        pthread_mutex_lock(&lock)
        reported = true
        pthread_mutex_unlock(&lock)
    }

    private var reported = false
    /// Whether a command has asked the helper anything.
    private var asked = false

    public func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var request = Request()
        request.append(length: a.count)
        request.append(length: b.count)
        request.bytes += a
        request.bytes += b
        guard let answer = exchange(request, answerBytes: 1, comparisons: true) else {
            approximated()
            return UnicodeScalarOrder().compare(a, b)
        }
        return Int(answer[0]) - 1
    }

    public func compare(pairs: [(a: [UInt8], b: [UInt8])]) -> [Int] {
        guard !pairs.isEmpty else { return [] }
        var request = Request()
        request.append(length: CollationHelper.pairsRequest)
        request.append(length: pairs.count)
        for pair in pairs {
            request.append(length: pair.a.count)
            request.append(length: pair.b.count)
            request.bytes += pair.a
            request.bytes += pair.b
        }
        guard let answers = exchange(request, answerBytes: pairs.count, comparisons: true, allowingSeconds: pairs.count / 10_000) else {
            approximated()
            return UnicodeScalarOrder().compare(pairs: pairs)
        }
        return answers.map { Int($0) - 1 }
    }

    public func order(of keys: [[UInt8]]) -> [Int] {
        guard keys.count > 1 else { return Array(keys.indices) }
        var request = Request()
        request.append(length: CollationHelper.orderRequest)
        request.append(length: keys.count)
        for key in keys {
            request.append(length: key.count)
            request.bytes += key
        }
        guard let answer = exchange(request, answerBytes: 4 * keys.count, comparisons: false, allowingSeconds: keys.count / 2_000) else {
            approximated()
            return UnicodeScalarOrder().order(of: keys)
        }
        var order: [Int] = []
        order.reserveCapacity(keys.count)
        var seen = [Bool](repeating: false, count: keys.count)
        for offset in stride(from: 0, to: answer.count, by: 4) {
            let index = Int(answer[offset]) | Int(answer[offset + 1]) << 8 | Int(answer[offset + 2]) << 16 | Int(answer[offset + 3]) << 24
            // Anything but each index once is not an order: a broken helper.
            guard index < keys.count, !seen[index] else {
                pthread_mutex_lock(&lock)
                if problem == nil { problem = "answered an order that is not one" }
                pthread_mutex_unlock(&lock)
                approximated()
                return UnicodeScalarOrder().order(of: keys)
            }
            seen[index] = true
            order.append(index)
        }
        return order
    }

    /// The first word of a request for many pairs (then their count, then
    /// each pair as one request for a pair): no key is 4 GB long.
    static let pairsRequest = 0xFFFF_FFFF
    /// The first word of a request for an order (then the count of keys,
    /// then each key's length and bytes); the answer is the keys' indices.
    static let orderRequest = 0xFFFF_FFFE

    private struct Request {
        var bytes: [UInt8] = []

        mutating func append(length: Int) {
            for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: length >> shift)) }
        }
    }

    /// Starts the helper now, if it is not running, without waiting for it:
    /// a command that will ask it lets it start while the command reads.
    public func startEarly() {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        guard !started else { return }
        started = true
        problem = start()
    }

    /// Sends `request` and reads `answerBytes` back (each a comparison: 0, 1
    /// or 2, with `comparisons`), starting the helper the first time; nil,
    /// and ``failure`` set, when it cannot answer.
    private func exchange(_ request: Request, answerBytes: Int, comparisons: Bool, allowingSeconds extra: Int = 0) -> [UInt8]? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        asked = true
        if !started {
            started = true
            problem = start()
        }
        guard problem == nil else { return nil }
        sent += 1
        // Foundation's time grows with the keys' length as well as their number.
        let allowed = answerTimeout + extra + request.bytes.count / 4_000_000
        waited = allowed
        if let answer = send(request.bytes, answerBytes: answerBytes, timeout: allowed) {
            guard comparisons, let bad = answer.first(where: { $0 > 2 }) else { return answer }
            badAnswer = bad
        }
        problem = stopped()
        return nil
    }

    /// Writes `request` while reading the answer, within `timeout` seconds
    /// in all: a helper that stops reading, answers while it reads, or
    /// trickles its answer must not hang the command. An answer longer than
    /// asked for is a broken helper too.
    private func send(_ request: [UInt8], answerBytes: Int, timeout: Int) -> [UInt8]? {
        let deadline = MonotonicClock.seconds() + Double(timeout)
        let flags = fcntl(input, F_GETFL)
        _ = fcntl(input, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(input, F_SETFL, flags) }
        var answer = [UInt8](repeating: 0, count: answerBytes + 1)
        var written = 0, filled = 0
        while filled < answerBytes {
            let left = deadline - MonotonicClock.seconds()
            guard left > 0 else {
                hung = true
                return nil
            }
            var ready = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
            if written < request.count { ready.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            let polled = poll(&ready, nfds_t(ready.count), Int32(min(left * 1000 + 1, 60_000)))
            if polled < 0 && errno == EINTR { continue }
            guard polled >= 0 else { return nil }
            if ready.count > 1 && ready[1].revents != 0 {
                let count = request.withUnsafeBytes { write(input, $0.baseAddress! + written, $0.count - written) }
                if count < 0 && errno != EINTR && errno != EAGAIN { return nil }
                if count > 0 { written += count }
            }
            if ready[0].revents != 0 {
                // One byte more than the answer can hold tells an answer that is too long.
                let count = answer.withUnsafeMutableBytes { read(output, $0.baseAddress! + filled, answerBytes + 1 - filled) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return nil }
                filled += count
            }
        }
        var more = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        guard filled == answerBytes, written == request.count, poll(&more, 1, 0) == 0 else {
            overlong = true
            return nil
        }
        answer.removeLast()
        return answer
    }

    /// The helper answered more than it was asked, or before it had read the question.
    private var overlong = false
    /// An answer that was not 0, 1 or 2.
    private var badAnswer: UInt8?
    /// The helper did not answer in time.
    private var hung = false
    /// The seconds the last request was given.
    private var waited = 0
    /// Seconds to wait for one answer (more for a batch).
    private let answerTimeout: Int
    /// The helper to start instead of the one ``locate()`` finds.
    private let program: String?

    /// Why the helper stopped answering.
    private func stopped() -> String {
        if let badAnswer { return "answered \(badAnswer), which is not a comparison" }
        if overlong {
            if child > 0 { kill(child, SIGKILL); var status: Int32 = 0; waitpid(child, &status, 0) }
            return "answered more than it was asked"
        }
        if hung {
            if child > 0 { kill(child, SIGKILL); var status: Int32 = 0; waitpid(child, &status, 0) }
            return "did not answer within \(waited) s and was stopped"
        }
        close(input)
        input = -1
        var status: Int32 = 0
        guard child > 0 else { return "stopped answering" }
        // It ends when its input closes; one that closed its output and goes on is stopped after a second.
        let deadline = MonotonicClock.seconds() + 1
        var reaped = waitpid(child, &status, WNOHANG)
        while reaped == 0 && MonotonicClock.seconds() < deadline {
            usleep(2_000)
            reaped = waitpid(child, &status, WNOHANG)
        }
        if reaped == 0 {
            kill(child, SIGKILL)
            waitpid(child, &status, 0)
            return "stopped answering and did not end (it was stopped)"
        }
        guard reaped == child else { return "stopped answering" }
        let signal = status & 0x7f
        if signal != 0 { return "was killed by signal \(signal)" }
        return "stopped before answering in full (it exited with status \((status >> 8) & 0xff))"
    }

    /// Starts the helper; nil on success, else why it could not be started.
    private func start() -> String? {
        guard let program = program ?? CollationHelper.locate() else {
            let running = ProcessEnvironment.executablePath().map { String($0.split(separator: "/").last ?? "") } ?? "git-xcstrings"
            return "was not found next to \(running) or on PATH"
        }
        // A helper that dies must not take this process with it.
        ProcessEnvironment.ignoreBrokenPipe()
        guard let toChild = ChildProcess.pipe() else { return "could not be started: \(systemError())" }
        guard let fromChild = ChildProcess.pipe() else {
            close(toChild.read)
            close(toChild.write)
            return "could not be started: \(systemError())"
        }
        let started = ChildProcess.spawn([program], searchingPath: false, input: toChild.read, output: fromChild.write)
        close(toChild.read)
        close(fromChild.write)
        switch started {
        case .success(let pid): child = pid
        case .failure(let error):
            close(toChild.write)
            close(fromChild.read)
            return "could not be started (\(program)): \(systemError(error.number))"
        }
        input = toChild.write
        output = fromChild.read
        return nil
    }

    /// `git-xcstrings-collate` next to the running executable, else on PATH.
    static func locate() -> String? {
        if let override = ProcessEnvironment.value("GIT_XCSTRINGS_COLLATE"), access(override, X_OK) == 0 { return override }
        return ProcessEnvironment.sibling("git-xcstrings-collate")
    }
}
