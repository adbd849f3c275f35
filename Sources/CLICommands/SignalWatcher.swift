import Dispatch
import Foundation
import Runner

/// Turns SIGINT, SIGTERM and SIGHUP into stop requests for a run, so it always ends with a report.
///
/// A first Ctrl-C stops starting cases and lets the running ones end (each within its time limit);
/// a second Ctrl-C, SIGTERM (what CI sends on cancel) and SIGHUP abandon the running cases too,
/// stopping their worker processes. Either way the finished cases are reported, marked interrupted.
enum SignalWatcher {
  /// Runs `body` with those signals requesting stops on `stop` instead of killing the process.
  static func whileWatching<Result>(_ stop: StopFlag, _ body: () throws -> Result) rethrows -> Result {
    let signals = [SIGINT, SIGTERM, SIGHUP]
    let sources = signals.map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { request(number, on: stop) }
      source.resume()
      return source
    }
    defer {
      for (number, source) in zip(signals, sources) {
        source.cancel()
        signal(number, SIG_DFL)
      }
    }
    return try body()
  }

  private static func request(_ number: Int32, on stop: StopFlag) {
    if number == SIGINT, !stop.isSet {
      stop.set(signal: SIGINT)
      say("interrupted; finishing the cases that are running (Ctrl-C again to stop them now)")
    } else {
      stop.abandon(signal: number)
      say("\(number == SIGINT ? "interrupted again" : String(cString: strsignal(number))); stopping the running cases and writing the report")
    }
  }

  private static func say(_ text: String) {
    FileHandle.standardError.write(Data("\npermsim: \(text)\n".utf8))
  }
}
