import CLICommands

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(PermsimCommand.executableStatus(running: Array(CommandLine.arguments.dropFirst())))
