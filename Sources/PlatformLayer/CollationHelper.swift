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
    /// goes; the tool uses ``shared``.
    public init() {
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

    /// Why the helper could not answer, when an approximate order was used
    /// (`not found next to git-xcstrings or on PATH`, `exited with status 1`…).
    public var failure: String? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return problem
    }

    public func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var request = Request()
        request.append(length: a.count)
        request.append(length: b.count)
        request.bytes += a
        request.bytes += b
        guard let answer = exchange(request, answerBytes: 1, comparisons: true) else {
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

    /// Sends `request` and reads `answerBytes` back (each a comparison: 0, 1
    /// or 2, with `comparisons`), starting the helper the first time; nil,
    /// and ``failure`` set, when it cannot answer.
    private func exchange(_ request: Request, answerBytes: Int, comparisons: Bool, allowingSeconds extra: Int = 0) -> [UInt8]? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if !started {
            started = true
            problem = start()
        }
        guard problem == nil else { return nil }
        sent += 1
        if let answer = send(request.bytes, answerBytes: answerBytes, timeout: CollationHelper.answerTimeout + extra) {
            guard comparisons, let bad = answer.first(where: { $0 > 2 }) else { return answer }
            badAnswer = bad
        }
        problem = stopped()
        return nil
    }

    private func send(_ request: [UInt8], answerBytes: Int, timeout: Int) -> [UInt8]? {
        let sent = request.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = write(input, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
        guard sent else { return nil }
        var answer = [UInt8](repeating: 0, count: answerBytes)
        var filled = 0
        while filled < answerBytes {
            // A helper that hangs must not hang the command: an answer takes microseconds.
            var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(timeout * 1000))
            if polled < 0 && errno == EINTR { continue }
            guard polled > 0 else {
                hung = true
                return nil
            }
            let count = answer.withUnsafeMutableBytes { read(output, $0.baseAddress! + filled, answerBytes - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            filled += count
        }
        return answer
    }

    /// An answer that was not 0, 1 or 2.
    private var badAnswer: UInt8?
    /// The helper did not answer in time.
    private var hung = false
    /// Seconds to wait for one answer (more for a batch).
    static let answerTimeout = 10

    /// Why the helper stopped answering.
    private func stopped() -> String {
        if let badAnswer { return "answered \(badAnswer), which is not a comparison" }
        if hung {
            if child > 0 { kill(child, SIGKILL); var status: Int32 = 0; waitpid(child, &status, 0) }
            return "did not answer within \(CollationHelper.answerTimeout) s and was stopped"
        }
        close(input)
        var status: Int32 = 0
        guard child > 0, waitpid(child, &status, 0) == child else { return "stopped answering" }
        let signal = status & 0x7f
        if signal != 0 { return "was killed by signal \(signal)" }
        return "exited with status \((status >> 8) & 0xff)"
    }

    /// Starts the helper; nil on success, else why it could not be started.
    private func start() -> String? {
        guard let program = CollationHelper.locate() else { return "was not found next to git-xcstrings or on PATH" }
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
        let name = "git-xcstrings-collate"
        if let override = ProcessEnvironment.value("GIT_XCSTRINGS_COLLATE"), access(override, X_OK) == 0 { return override }
        if let executable = ProcessEnvironment.executablePath(), let slash = executable.lastIndex(of: "/") {
            let sibling = String(executable[...slash]) + name
            if access(sibling, X_OK) == 0 { return sibling }
        }
        return ProcessEnvironment.which(name)
    }
}
