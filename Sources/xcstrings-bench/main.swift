import CatalogFixtures
import Foundation
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

func megabytesPerSecond(_ bytes: Int, _ seconds: Double) -> String {
    String(format: "%8.0f MB/s", Double(bytes) / 1e6 / seconds)
}

func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) * 1024
}

func benchJSON(_ path: String, foundation: Bool) {
    let bytes = try! FileBytes.read(path)
    let document = try! JSONDocument(parsing: bytes)
    let read = measure { _ = try! JSONDocument(parsing: bytes) }
    let write = measure { _ = XcodeLayout.format(document) }
    let name = (path as NSString).lastPathComponent
    print("\(name) (\(String(format: "%.1f", Double(bytes.count) / 1e6)) MB)")
    print("  read   git-xcstrings \(megabytesPerSecond(bytes.count, read))", terminator: "")
    guard foundation else {
        print("\n  write  git-xcstrings \(megabytesPerSecond(bytes.count, write))")
        return
    }
    let data = Data(bytes)
    let object = try! JSONSerialization.jsonObject(with: data)
    let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let foundationRead = measure(minimum: 3) { _ = try! JSONSerialization.jsonObject(with: data) }
    let foundationWrite = measure(minimum: 3) { _ = try! JSONSerialization.data(withJSONObject: object, options: options) }
    print("   Foundation \(megabytesPerSecond(bytes.count, foundationRead))   \(String(format: "%5.1fx", foundationRead / read))")
    print("  write  git-xcstrings \(megabytesPerSecond(bytes.count, write))   Foundation \(megabytesPerSecond(bytes.count, foundationWrite))   \(String(format: "%5.1fx", foundationWrite / write))")
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "json":
    let foundation = !arguments.contains("--no-foundation")
    for path in arguments.dropFirst() where !path.hasPrefix("--") { benchJSON(path, foundation: foundation) }
case "peak":
    // One read and one write of the file, then this process's peak memory.
    let bytes = try! FileBytes.read(arguments[1])
    let document = try! JSONDocument(parsing: bytes)
    let output = XcodeLayout.format(document)
    precondition(!output.isEmpty)
    print(peakResidentBytes())
case "generate":
    let keys = Int(arguments[1])!, languages = Int(arguments[2])!
    let seed = arguments.count > 4 ? UInt64(arguments[4])! : 1
    try! AtomicFile.write(CatalogGenerator(keys: keys, languages: languages, seed: seed).bytes(), to: arguments[3])
default:
    print("usage: xcstrings-bench json FILE… | peak FILE | generate KEYS LANGUAGES OUT [SEED]")
    exit(2)
}
