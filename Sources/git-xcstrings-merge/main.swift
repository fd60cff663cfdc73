import Commands
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// git's merge driver: `git xcstrings merge` in a program of its own, which
// `git xcstrings install` registers (Tool.runMergeDriver).
exit(Tool.runMergeDriver(Array(CommandLine.arguments.dropFirst())))
