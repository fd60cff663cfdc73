import PlatformLayer
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Collation helper")
struct CollationHelperTests {
    /// The hang this prevents: a test read a command's output through a pipe
    /// that the helper, started meanwhile by another thread, had inherited,
    /// and waited for an end of file that never came.
    @Test("the helper inherits no descriptor but its own pipes: a pipe open when it starts still ends when its writer closes")
    func inheritsNothing() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0) // without close-on-exec, as another library might open it
        let helper = CollationHelper()
        // A combining mark against its precomposed form: a pair only Foundation orders.
        var first = Array("e\u{301}x".utf8), second = Array("\u{e9}y".utf8)
        let order = first.withUnsafeBufferPointer { a in second.withUnsafeBufferPointer { b in helper.compare(a, b) } }
        #expect(helper.failure == nil, "the helper did not answer: \(helper.failure ?? "")")
        #expect(order != 0)
        close(ends[1])
        var poll = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        let ready = withUnsafeMutablePointer(to: &poll) { systemPoll($0, 1, 5_000) }
        var byte: UInt8 = 0
        #expect(ready == 1 && read(ends[0], &byte, 1) == 0, "the pipe stayed open: the helper holds its write end")
        close(ends[0])
        first.removeAll()
        second.removeAll()
    }
}

extension CollationHelperTests {
    /// A helper script in a new directory.
    static func script(_ body: String) throws -> (directory: TemporaryDirectory, path: String) {
        let directory = try TemporaryDirectory()
        try directory.writeExecutable("helper", "#!/bin/sh\n" + body + "\n")
        return (directory, directory.path("helper"))
    }

    /// 7,000 pairs: a request of about 200 KB, more than a pipe holds.
    static let manyPairs: [(a: [UInt8], b: [UInt8])] = (0..<7_000).map { (Array("ก\($0)".utf8), Array("ข\($0)".utf8)) }

    @Test("a helper that never reads a request larger than a pipe holds is stopped at the deadline, not waited for forever")
    func helperThatDoesNotRead() throws {
        let helper = try CollationHelperTests.script("exec sleep 60")
        let collation = CollationHelper(program: helper.path, answerTimeout: 1)
        let started = MonotonicClock.seconds()
        let answers = collation.compare(pairs: CollationHelperTests.manyPairs)
        #expect(answers.count == 7_000)
        #expect(collation.failure == "did not answer within 1 s and was stopped")
        #expect(collation.approximations == 1)
        #expect(MonotonicClock.seconds() - started < 10)
    }

    @Test("a helper that closes its output and goes on running is stopped, not waited for")
    func helperThatClosesItsOutput() throws {
        let helper = try CollationHelperTests.script("exec 1>&-\nexec sleep 60")
        let collation = CollationHelper(program: helper.path, answerTimeout: 5)
        let started = MonotonicClock.seconds()
        var a = Array("ア".utf8), b = Array("あ".utf8)
        _ = a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in collation.compare(a, b) } }
        #expect(collation.failure == "stopped answering and did not end (it was stopped)")
        #expect(MonotonicClock.seconds() - started < 5)
        a.removeAll()
        b.removeAll()
    }

    @Test("the helper ends without a crash on a request whose count or length is more than was sent")
    func helperAndBrokenRequests() throws {
        let helper = CLI.executable.deletingLastPathComponent().appendingPathComponent("git-xcstrings-collate")
        let requests: [[UInt8]] = [
            [0xFE, 0xFF, 0xFF, 0xFF, 0xF0, 0xFF, 0xFF, 0xFF], // an order of 4 billion keys
            [0xFF, 0xFF, 0xFF, 0xFF, 0xF0, 0xFF, 0xFF, 0xFF], // as many pairs
            [0xF0, 0xFF, 0xFF, 0x7F, 0x01, 0x00, 0x00, 0x00, 0x61], // a key of 2 GB
            [0xFE, 0xFF, 0xFF, 0xFF, 0x02, 0x00, 0x00, 0x00, 0xF0, 0xFF, 0xFF, 0xFF], // a key of 4 GB in an order
        ]
        for request in requests {
            let result = try CLI.launch(helper, [], in: nil, environment: [:], input: request)
            #expect(result.status == 0, "\(request): \(result.stderr)")
            #expect(result.stdoutBytes.isEmpty)
        }
    }

    @Test("a helper that trickles its answer is stopped when the whole request's time is up, not per byte")
    func helperThatTrickles() throws {
        let helper = try CollationHelperTests.script("while :; do sleep 0.3; printf '\\000'; done")
        let collation = CollationHelper(program: helper.path, answerTimeout: 1)
        let started = MonotonicClock.seconds()
        let answers = collation.compare(pairs: Array(CollationHelperTests.manyPairs.prefix(20)))
        #expect(answers.count == 20)
        #expect(collation.failure == "did not answer within 1 s and was stopped")
        #expect(MonotonicClock.seconds() - started < 10)
    }

    @Test("a helper that echoes its request, or answers more than it was asked, is stopped and named")
    func helperThatSaysTooMuch() throws {
        for body in ["exec cat", "printf '\\000\\000'; exec sleep 60"] {
            let helper = try CollationHelperTests.script(body)
            let collation = CollationHelper(program: helper.path, answerTimeout: 5)
            var a = Array("ア".utf8), b = Array("あ".utf8)
            _ = a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in collation.compare(a, b) } }
            #expect(collation.failure == "answered more than it was asked", "\(body)")
            // Later questions get the approximate order without asking again.
            let requests = collation.requests
            #expect(collation.order(of: [Array("ข".utf8), Array("ก".utf8)]) == [1, 0])
            #expect(collation.requests == requests)
            a.removeAll()
            b.removeAll()
        }
    }
}

private func systemPoll(_ descriptors: UnsafeMutablePointer<pollfd>, _ count: Int, _ timeout: Int32) -> Int32 {
    poll(descriptors, nfds_t(count), timeout)
}
