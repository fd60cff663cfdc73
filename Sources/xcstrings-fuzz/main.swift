import TestSupport
import FoundationKeyOrder
import PlatformLayer
import SemanticDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The fuzzer for the reader, the writer and the three-way merge: every
// input is checked against `Invariants`, and a violation aborts, so that
// libFuzzer keeps the input as a crash. Built with -sanitize=fuzzer (and
// -DFUZZING) by scripts/fuzz; built without it, it replays the inputs named
// on its command line (files, or directories of them) and exits 1 on the
// first that breaks an invariant.

// Key order from Foundation in process: no helper process under the fuzzer.

func report(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

func check(_ input: [UInt8], name: String) -> Bool {
    let found = Invariants.violations(input)
    guard !found.isEmpty else { return true }
    report("\(name): \(found.joined(separator: "; "))")
    return false
}

#if FUZZING
import LibFuzzerDriver

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    let input = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    if !check(input, name: "input") { abort() }
    return 0
})
#else
// --sides DIRECTORY FILE: the three versions the merge check makes of FILE, to look at.
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--sides", let input = try? Files.read(CommandLine.arguments[3]),
   let document = try? JSONDocument(parsing: input) {
    let sides = Invariants.sides(input, document)
    for (name, bytes) in [("base", sides.base), ("ours", sides.ours), ("theirs", sides.theirs)] {
        try AtomicFile.write(bytes, to: CommandLine.arguments[2] + "/" + name)
    }
    exit(0)
}
var failed = false
var count = 0
for argument in CommandLine.arguments.dropFirst() {
    var files = [argument]
    if let directory = opendir(argument) {
        files = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { files.append(argument + "/" + name) }
        }
        closedir(directory)
    }
    for file in files.sorted() {
        guard let input = try? Files.read(file) else {
            report("\(file): cannot be read")
            failed = true
            continue
        }
        count += 1
        if !check(input, name: file) { failed = true }
    }
}
print("\(count) inputs checked\(failed ? ", some broke an invariant" : ", every invariant holds")")
exit(failed ? 1 : 0)
#endif
