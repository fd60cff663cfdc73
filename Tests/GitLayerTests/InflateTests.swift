import Foundation
@testable import GitLayer
import SemanticDiff
import TestSupport
import Testing

/// The two inflaters of git's objects, zlib's and libdeflate's (where the
/// machine has it), give the same answer on every stream: the bytes of a
/// whole one, and nothing for one damaged, cut short, or holding more or
/// fewer bytes than asked for.
@Suite("inflating git's objects")
struct InflateTests {
    /// Loose objects written by git of `sizes` bytes each (catalog text and
    /// random bytes): each file is one zlib stream of a header and the bytes.
    func streams(_ sizes: [Int]) throws -> [(stream: [UInt8], inflated: [UInt8])] {
        let fixture = try TestRepository()
        var random = SplitMix64(seed: 11)
        let text = CatalogGenerator(keys: 4_000, languages: 8, seed: 5).bytes()
        return try sizes.enumerated().map { index, size in
            let bytes = index % 2 == 0 ? Array(text.prefix(size)) : (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }
            let made = try CLI.launch(URL(fileURLWithPath: "/usr/bin/env"), ["git", "hash-object", "-w", "--stdin"],
                                      in: fixture.url, environment: [:], input: bytes)
            let id = try #require(ObjectID(hex: made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
            let stream = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture.directory.path(".git/objects/" + id.loosePath))))
            return (stream, Array("blob \(bytes.count)\0".utf8) + bytes)
        }
    }

    /// What each inflater makes of `stream` into `count` bytes: nil when it says the stream is not whole.
    func inflated(_ stream: [UInt8], _ count: Int) throws -> (zlib: [UInt8]?, libdeflate: [UInt8]??) {
        let zlib = try #require(Zlib.shared)
        func run(_ inflate: (UnsafeRawBufferPointer, UnsafeMutableRawBufferPointer) -> Bool?) -> [UInt8]?? {
            var output = [UInt8](repeating: 0, count: count)
            let done = stream.withUnsafeBytes { input in output.withUnsafeMutableBytes { inflate(input, $0) } }
            return done.map { $0 ? output : nil }
        }
        let slow = run { zlib.inflate($0, into: $1, fastFrom: .max) } ?? nil
        let fast = Libdeflate.shared.map { library in run { library.inflate($0, into: $1) } ?? nil }
        return (slow, fast)
    }

    @Test("whole streams of 0 bytes to 1.5 MB: both inflaters give git's bytes; with room for one byte more or less, neither does")
    func whole() throws {
        for (stream, bytes) in try streams([0, 1, 1_000, 70_000, 131_072, 300_000, 1_500_000, 200_000]) {
            for count in [bytes.count, bytes.count - 1, bytes.count + 1] where count >= 0 {
                let (zlib, libdeflate) = try inflated(stream, count)
                let zlibRight = zlib == (count == bytes.count ? bytes : nil)
                #expect(zlibRight, "zlib, \(bytes.count) bytes into \(count)")
                if let libdeflate {
                    let alike = libdeflate == zlib
                    #expect(alike, "libdeflate against zlib, \(bytes.count) bytes into \(count)")
                }
            }
        }
    }

    @Test("damaged streams: cut anywhere, a byte changed in the header, the data or the checksum: neither inflater reads them")
    func damaged() throws {
        var random = SplitMix64(seed: 12)
        for (stream, bytes) in try streams([5_000, 400_000, 400_001]) {
            var damaged: [(String, [UInt8])] = [0, 1, 2, stream.count / 3, stream.count - 4, stream.count - 1].map { ("cut at \($0)", Array(stream.prefix($0))) }
            for place in [0, 1, 2, 3, stream.count / 2] + (0..<6).map({ _ in Int.random(in: 2..<stream.count, using: &random) }) + [stream.count - 3, stream.count - 1] {
                var changed = stream
                changed[place] ^= 0x24
                damaged.append(("byte \(place) of \(stream.count) changed", changed))
            }
            for (what, bad) in damaged {
                let (zlib, libdeflate) = try inflated(bad, bytes.count)
                let refusedByZlib = zlib == nil
                #expect(refusedByZlib, "zlib: \(what)")
                if let libdeflate {
                    let refused = libdeflate == nil
                    #expect(refused, "libdeflate: \(what)")
                }
            }
        }
    }

    @Test("a large loose object, read by libdeflate where the machine has it, is git's bytes; cut or changed, it is not read")
    func largeLooseObject() throws {
        let fixture = try TestRepository()
        let catalog = CatalogGenerator(keys: 3_000, languages: 6, seed: 8).bytes()
        #expect(catalog.count > Libdeflate.worthOpeningFrom)
        try fixture.directory.write("Localizable.xcstrings", catalog)
        try fixture.commitAll("one")
        let top = fixture.url.resolvingSymlinksInPath().path
        let read = try #require(RepositoryFiles(directory: top, environment: { ["HOME": top, "GIT_CONFIG_NOSYSTEM": "1"][$0] }))
        let hex = try fixture.git("rev-parse", "HEAD:Localizable.xcstrings").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let id = try #require(ObjectID(hex: hex))
        let same = read.objects.blob(id)?.array == catalog
        #expect(same)
        let path = fixture.directory.path(".git/objects/" + id.loosePath)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        for cut in [100, whole.count / 2, whole.count - 1] {
            try whole.prefix(cut).write(to: URL(fileURLWithPath: path))
            #expect(read.objects.blob(id) == nil, "cut at \(cut)")
        }
        for place in [whole.count / 2, whole.count - 1] {
            var changed = whole
            changed[place] ^= 0x55
            try changed.write(to: URL(fileURLWithPath: path))
            #expect(read.objects.blob(id) == nil, "byte \(place) changed")
        }
    }
}
