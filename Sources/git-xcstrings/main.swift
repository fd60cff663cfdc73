import Commands
import FoundationKeyOrder
import SemanticDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(Tool.run(Array(CommandLine.arguments.dropFirst()), keyOrder: KeyOrder(FoundationOrder())))
