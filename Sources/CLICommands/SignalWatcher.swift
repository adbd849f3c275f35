import Dispatch
import Foundation
import Runner

/// Turns Ctrl-C (SIGINT) into a stop request for a run; a second Ctrl-C ends the process at once.
enum SignalWatcher {
  /// Runs `body` with SIGINT setting `stop` instead of killing the process.
  static func whileWatchingSIGINT<Result>(_ stop: StopFlag, _ body: () throws -> Result) rethrows -> Result {
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler {
      if stop.isSet { _exit(130) }
      stop.set()
      FileHandle.standardError.write(Data("\npermsim: interrupted; finishing the cases that are running (Ctrl-C again to quit now)\n".utf8))
    }
    source.resume()
    defer {
      source.cancel()
      signal(SIGINT, SIG_DFL)
    }
    return try body()
  }
}
