import Foundation
@testable import GitLayer
import SemanticDiff
import TestSupport
import Testing

/// The line merge linked into the programs (libgit2's xdiff, from its
/// static library) against libgit2's `git_merge_file`, through the shared
/// library: the same bytes and the same verdict for every input, style,
/// marker size and way of matching lines.
@Suite("line merge linked in", .enabled(if: LineMerge.isLinkedIn, "libgit2's static library was not linked in (Package.swift): the line merge is git_merge_file's alone"))
struct LineMergeTests {
    static let styles: [ConflictMarkers.Style] = [.merge, .diff3, .zdiff3]

    func expectSame(_ base: [UInt8], _ ours: [UInt8], _ theirs: [UInt8], markers: ConflictMarkers,
                    algorithm: LineMerge.Algorithm = .myers, _ comment: @autoclosure () -> String) throws {
        let linked = try LineMerge.linkedIn(base: Bytes(base), ours: Bytes(ours), theirs: Bytes(theirs), markers: markers, algorithm: algorithm)
        let libgit2 = try LineMerge.throughLibGit2(base: Bytes(base), ours: Bytes(ours), theirs: Bytes(theirs), path: "Localizable.xcstrings",
                                                   markers: markers, algorithm: algorithm)
        #expect(linked.clean == libgit2.clean, "\(comment())")
        #expect(linked.bytes.array == libgit2.bytes.array, "\(comment()): \(String(decoding: linked.bytes, as: UTF8.self).debugDescription)")
    }

    @Test("generated texts: lines added, removed and changed on each side, repeated lines, no final newline, CRLF, empty files")
    func generated() throws {
        var generator = SystemRandomNumberGenerator()
        // Few distinct lines, as a catalog's braces and states repeat.
        let vocabulary = ["{", "}", "},", "  \"state\" : \"translated\",", "  \"value\" : \"A\"", "  \"value\" : \"B\"", "", "x", "y\r"]
        func edited(_ lines: [String]) -> [String] {
            var lines = lines
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                let place = Int.random(in: 0...lines.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: lines.insert(vocabulary.randomElement(using: &generator)!, at: place)
                case 1 where place < lines.count: lines.remove(at: place)
                default: if place < lines.count { lines[place] = vocabulary.randomElement(using: &generator)! }
                }
            }
            return lines
        }
        func text(_ lines: [String]) -> [UInt8] {
            let joined = lines.joined(separator: "\n")
            return Array((Bool.random(using: &generator) || joined.isEmpty ? joined + "\n" : joined).utf8)
        }
        for round in 0..<400 {
            let base = (0..<Int.random(in: 0...30, using: &generator)).map { _ in vocabulary.randomElement(using: &generator)! }
            let ours = edited(base), theirs = Bool.random(using: &generator) ? edited(base) : edited(ours)
            let style = Self.styles[round % 3]
            let markers = ConflictMarkers(style: style, size: [7, 3, 12][round % 3], oursLabel: "HEAD", baseLabel: "merged common ancestors",
                                          theirsLabel: "topic")
            let algorithm = LineMerge.Algorithm.allCases[(round / 3) % 3]
            try expectSame(text(base), text(ours), text(theirs), markers: markers, algorithm: algorithm, "round \(round)")
        }
        try expectSame([], [], [], markers: ConflictMarkers(), "three empty files")
        try expectSame([], Array("a\n".utf8), Array("b\n".utf8), markers: ConflictMarkers(), "both added")
    }

    @Test("binary as libgit2 sees it: a NUL in the first 8,000 bytes merges to nothing, one later merges as text")
    func binary() throws {
        let text = Array(repeating: UInt8(ascii: "a"), count: 9000) + [UInt8(ascii: "\n")]
        var early = text, late = text
        early[10] = 0
        late[8500] = 0
        for (ours, name) in [(early, "early"), (late, "late")] {
            try expectSame(text, ours, Array("b\n".utf8), markers: ConflictMarkers(), name)
        }
        let nothing = try LineMerge.linkedIn(base: Bytes(text), ours: Bytes(early), theirs: Bytes(text), markers: ConflictMarkers(), algorithm: .myers)
        #expect(nothing.bytes.isEmpty && !nothing.clean)
    }

    @Test("every corpus merge, in each conflict style", .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func corpus() throws {
        for row in try Corpus.table("merges.tsv") {
            guard let id = row["case_id"], let base = row["base"], let ours = row["ours"], let theirs = row["theirs"] else { continue }
            let versions = try [base, ours, theirs].map(Corpus.blob)
            // The largest (a tenth of a second each) in git's default style only.
            let styles = versions.reduce(0) { $0 + $1.count } > 3_000_000 ? [.merge] : Self.styles
            for style in styles {
                try expectSame(versions[0], versions[1], versions[2], markers: ConflictMarkers(style: style), "\(id) \(style)")
            }
        }
    }
}
