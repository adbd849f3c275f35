import CLICommands

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(PermsimCommand.exitStatus(running: Array(CommandLine.arguments.dropFirst())))
