import TestSupport
import Foundation
import FoundationKeyOrder
import PlatformLayer
import SemanticDiff

// The in-process half of scripts/bench: reader and writer throughput against
// Foundation's JSONSerialization on the same bytes, and peak memory.

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// Runs `body` repeatedly (at least `minimum` times, about a second in all)
/// and returns the median time in seconds.
func measure(minimum: Int = 5, _ body: () -> Void) -> Double {
    var times: [Double] = []
    let clock = ContinuousClock()
    let started = clock.now
    while times.count < minimum || (clock.now - started < .seconds(1) && times.count < 51) {
        let start = clock.now
        body()
        let elapsed = clock.now - start
        times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return median(times)
}


/// The same document with no whitespace and members in file order, as
/// tools other than Xcode write it: formatting it is a full re-render.
func compact(_ document: JSONDocument) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(document.bytes.count)
    func write(_ node: Int) {
        let token = document[node]
        switch token.kind {
        case .object:
            output.append(UInt8(ascii: "{"))
            for (position, member) in document.members(of: node).enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                output += document.rawBytes(member.key)
                output.append(UInt8(ascii: ":"))
                write(member.value)
            }
            output.append(UInt8(ascii: "}"))
        case .array:
            output.append(UInt8(ascii: "["))
            for (position, element) in document.elements(of: node).enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                write(element)
            }
            output.append(UInt8(ascii: "]"))
        default:
            output += document.rawBytes(node)
        }
    }
    write(document.root)
    return output
}

func row(_ cells: [String]) {
    // The file's name on the left, the figures right-aligned.
    let widths = [44, 9, 11, 12, 7, 14, 12, 7]
    print(zip(cells, widths).enumerated().map { column, pair in
        let (cell, width) = pair
        let padding = String(repeating: " ", count: max(width - cell.count, 1))
        return column == 0 ? cell + padding : padding + cell
    }.joined())
}

func benchJSON(_ path: String, foundation: Bool) {
    let bytes = try! Files.read(path)
    let document = try! JSONDocument(parsing: bytes)
    let large = bytes.count > 50_000_000
    let minimum = large ? 3 : 5
    let read = measure(minimum: minimum) { _ = try! JSONDocument(parsing: bytes) }
    let write = measure(minimum: minimum) { _ = XcodeLayout.format(document) }
    let compacted = try! JSONDocument(parsing: compact(document))
    let rewrite = measure(minimum: minimum) { _ = XcodeLayout.format(compacted) }
    precondition(XcodeLayout.format(compacted) == XcodeLayout.format(document))
    let name = String(path.split(separator: "/").last!)
    let mb = Double(bytes.count) / 1e6
    func rate(_ seconds: Double) -> String { String(format: "%.0f", mb / seconds) }
    var cells = [String(name.suffix(39)), String(format: "%.1f MB", mb), rate(read)]
    if foundation {
        let data = Data(bytes)
        let object = try! JSONSerialization.jsonObject(with: data)
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let foundationRead = measure(minimum: large ? 1 : 3) { _ = try! JSONSerialization.jsonObject(with: data) }
        let foundationWrite = measure(minimum: large ? 1 : 3) { _ = try! JSONSerialization.data(withJSONObject: object, options: options) }
        cells += [rate(foundationRead), String(format: "%.0fx", foundationRead / read),
                  rate(write) + " / " + rate(rewrite), rate(foundationWrite), String(format: "%.0fx", foundationWrite / rewrite)]
    } else {
        cells += ["-", "-", rate(write) + " / " + rate(rewrite), "-", "-"]
    }
    row(cells)
}

func header() {
    row(["file", "size", "read MB/s", "Foundation", "ratio", "write MB/s", "Foundation", "ratio"])
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "json":
    let foundation = !arguments.contains("--no-foundation")
    header()
    for path in arguments.dropFirst() where !path.hasPrefix("--") { benchJSON(path, foundation: foundation) }
case "peak":
    // One read and one write of the file: peak memory before and after.
    let baseline = ProcessEnvironment.peakResidentBytes()
    let bytes = try! Files.read(arguments[1])
    let document = try! JSONDocument(parsing: bytes)
    let output = XcodeLayout.format(document)
    precondition(!output.isEmpty)
    print(baseline, ProcessEnvironment.peakResidentBytes())
case "edit":
    // edit IN OUT SEED EDITS: a branch's changes to a catalog, written in Xcode's layout.
    let document = try! JSONDocument(parsing: Files.read(arguments[1]))
    let edited = CatalogEditor(seed: UInt64(arguments[3])!, edits: Int(arguments[4])!).apply(to: JSONValue(document, document.root))
    try! AtomicFile.write(edited.xcodeLayout(), to: arguments[2])
case "elapsed":
    // elapsed COMMAND…: the command's run, start to exit, in microseconds (BSD date has no %N).
    print(Int(Replay.execute(Array(arguments.dropFirst())).1 * 1e6))
case "mergetime":
    MergeTiming.run(Array(arguments.dropFirst()))
case "difftime":
    DiffTiming.run(Array(arguments.dropFirst()))
case "mergecorpus":
    MergeTiming.corpus(Array(arguments.dropFirst()))
case "replay":
    Replay.run(corpus: arguments[1], tool: arguments[2], verbose: arguments.contains("-v"))
case "check-corpus":
    // check-corpus CORPUS TOOL [SAMPLES] [RULE]
    CheckCorpus.run(corpus: arguments[1], tool: arguments[2], samples: arguments.count > 3 ? Int(arguments[3])! : 3,
                    rule: arguments.count > 4 ? arguments[4] : nil)
case "generate":
    let keys = Int(arguments[1])!, languages = Int(arguments[2])!
    let seed = arguments.count > 4 ? UInt64(arguments[4])! : 1
    try! AtomicFile.write(CatalogGenerator(keys: keys, languages: languages, seed: seed).bytes(), to: arguments[3])
case "truncate-while-mapped":
    // For the tests: map FILE as the commands do, truncate it, then read it.
    TruncationGuard.install()
    let mapped = try! Files.mapping(arguments[1])
    truncate(arguments[1], 0)
    print(mapped.reduce(0) { $0 &+ Int($1) })
    exit(0)
default:
    print("usage: xcstrings-bench json FILE… | peak FILE | generate KEYS LANGUAGES OUT [SEED] | edit IN OUT SEED EDITS | mergetime … | mergecorpus … | difftime … | replay CORPUS TOOL [-v] | check-corpus CORPUS TOOL [SAMPLES] [RULE] | truncate-while-mapped FILE")
    exit(2)
}
