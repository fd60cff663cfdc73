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

    /// Why the helper could not answer, when an approximate order was used
    /// (`not found next to git-xcstrings or on PATH`, `exited with status 1`…).
    public var failure: String? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return problem
    }

    public func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if !started {
            started = true
            problem = start()
        }
        if problem == nil {
            if let answer = ask(a, b) { return answer }
            problem = stopped()
        }
        return UnicodeScalarOrder().compare(a, b)
    }

    private func ask(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
        var request: [UInt8] = []
        request.reserveCapacity(8 + a.count + b.count)
        for length in [a.count, b.count] {
            for shift in stride(from: 0, to: 32, by: 8) { request.append(UInt8(truncatingIfNeeded: length >> shift)) }
        }
        request += a
        request += b
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
        // A helper that hangs must not hang the command: an answer takes microseconds.
        var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        while true {
            let polled = poll(&ready, 1, Int32(CollationHelper.answerTimeout * 1000))
            if polled < 0 && errno == EINTR { continue }
            guard polled > 0 else {
                hung = true
                return nil
            }
            break
        }
        var answer: UInt8 = 0
        while true {
            let count = read(output, &answer, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1, answer <= 2 else {
                if count == 1 { badAnswer = answer }
                return nil
            }
            return Int(answer) - 1
        }
    }

    /// An answer that was not 0, 1 or 2.
    private var badAnswer: UInt8?
    /// The helper did not answer in time.
    private var hung = false
    /// Seconds to wait for one answer.
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
