import PlatformLayer
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

private func systemPoll(_ descriptors: UnsafeMutablePointer<pollfd>, _ count: Int, _ timeout: Int32) -> Int32 {
    poll(descriptors, nfds_t(count), timeout)
}
