import Foundation

/// The worker process `permsim run` starts before it parses its command line, so that the worker
/// loads while the runner parses: the run's first lane takes it and sends it its settings.
///
/// A run of one small file is mostly start-up: the runner's parsing of its options (20 M
/// instructions) and then the worker's start (18 M) came one after the other; now they overlap.
/// The worker does what needs no settings (loading the binary, compiling the prelude) and then
/// waits for them. A command line that ends without a run ends the worker, and reaps it, in ``end()``.
public enum WorkerPrestart {
  private static let _lock = NSLock()
  nonisolated(unsafe) private static var _waiting: WorkerProcess?

  /// Starts `executable worker` now, unless a started one waits already; a failure to start is
  /// left for the run to meet (its lane starts a worker of its own, and reports that failure).
  public static func begin(executable: String) {
    _lock.withLock {
      guard _waiting == nil else { return }
      _waiting = try? WorkerProcess(
        WorkerLaunch(executable: executable, arguments: [WorkerLaunch.mode], settings: nil, timeLimit: .zero, memoryLimit: 0))
    }
  }

  /// The started worker, for a lane that would start `launch`, with `launch`'s settings sent; nil when
  /// none waits or it was started otherwise.
  static func take(_ launch: WorkerLaunch) -> WorkerProcess? {
    _lock.withLock {
      guard let worker = _waiting, launch.executable == worker.executable, launch.arguments == [WorkerLaunch.mode],
        let settings = launch.settings
      else { return nil }
      _waiting = nil
      worker.configure(settings)
      return worker
    }
  }

  /// The process of the started worker while it waits for a lane.
  static var waitingProcess: pid_t? { _lock.withLock { _waiting?.pid } }

  /// Ends the started worker if no run took it, and reaps it.
  public static func end() {
    let worker = _lock.withLock {
      defer { _waiting = nil }
      return _waiting
    }
    worker?.stop()
  }
}
