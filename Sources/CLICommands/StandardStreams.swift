#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's standard input, output and error as the rest of permsim may assume them.
enum StandardStreams {
  /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed (`permsim … <&- >&- 2>&-`):
  /// otherwise the first files permsim opens (a JUnit report) would take their numbers, and text
  /// meant for the console would land inside them.
  static func openClosed() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 {
      let opened = open("/dev/null", O_RDWR)
      if opened >= 0, opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
  }
}
