import Dispatch
import Foundation
import Runner

/// Turns SIGINT, SIGTERM and SIGHUP into stop requests for a run, so it always ends with a report.
///
/// A first Ctrl-C stops starting cases and lets the running ones end, for at most ``StopFlag/grace``;
/// a second signal, the end of the grace, SIGTERM (what CI sends on cancel) and SIGHUP abandon the
/// running cases too, stopping their worker processes. Either way the finished cases are reported,
/// those that were running as interrupted, and the first signal decides the exit status.
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

  /// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread (and the threads it starts later), so
  /// that they stay pending until ``whileWatching(_:_:)`` takes them (on Linux, dispatch reads them
  /// from a signalfd, which takes pending signals too).
  static func blockStopSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, number) }
    pthread_sigmask(SIG_BLOCK, &set, nil)
  }

  private static func request(_ number: Int32, on stop: StopFlag) {
    if number == SIGINT, !stop.isSet {
      stop.set(signal: SIGINT)
      let grace = StopFlag.grace.components.seconds
      say("interrupted; finishing the cases that are running for up to \(grace) s (Ctrl-C again to stop them now)")
      DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(grace))) {
        guard !stop.isAbandoned else { return }
        stop.abandon()
        say("the running cases did not finish within \(grace) s; stopping them and writing the report")
      }
    } else {
      stop.abandon(signal: number)
      say("\(number == SIGINT ? "interrupted again" : String(cString: strsignal(number))); stopping the running cases and writing the report")
    }
  }

  private static func say(_ text: String) {
    FileHandle.standardError.write(Data("\npermsim: \(text)\n".utf8))
  }
}
