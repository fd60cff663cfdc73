import DriverCommands
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// What git starts once per file: the merge driver, and textconv with --textconv (Driver.run).
exit(Driver.run(Array(CommandLine.arguments.dropFirst())))
