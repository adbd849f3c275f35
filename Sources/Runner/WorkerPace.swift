import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How long a lane sleeps before it waits for its worker's next replies: a worker writes each reply
/// as its case ends (a crash or a kill loses none that finished), and a runner that slept through a
/// few of them takes them in one read, woken once rather than by every write.
///
/// The nap lasts as long as the worker took, lately, for the cases beyond half the queue, so half a
/// queue is still waiting in the worker when the lane wakes (it never runs dry on a good guess), and
/// at most ``longest``. A guess too long is halved by the next one; a case that runs long is waited
/// for as before, in slices that check its time limit, after one nap.
struct WorkerPace {
  /// How many cases a lane keeps queued in its worker, at most (``WorkerPace/depth``): enough that the
  /// worker rarely waits for the runner, and that the lane can sleep through half of them. Measured on 10,000
  /// realistic cases, --jobs 1: 2.69 s with 2 queued, 1.98 s with 8 and a wake-up per reply; with the
  /// naps, the runner's context switches went from 18,800 to 5,300 (8 queued), 3,400 (16) and 2,800 (32),
  /// and CPU time from 3.2 s to 2.2 s (32). A fixed 2 ms wait, tried before, left the worker idle
  /// between trivial cases (0.73 s → 1.25 s for 10,000): a nap follows the worker's pace instead.
  static let queueDepth = 32

  /// Case replies received since the lane last went to wait.
  var received = 0
  /// Whether a collection was answered since then: a file's top level takes longer than a case, so
  /// that wait measures nothing of the cases.
  var sawCollection = false
  private var _lastWait: ContinuousClock.Instant?
  /// What one case took lately: the shorter of the last two measures (the first also holds the
  /// file's compilation, and a nap too short only costs a wake-up).
  private var _perCase: Duration?
  private var _measured: Duration?

  /// How many cases the lane keeps queued in its worker: ``queueDepth`` for cases of
  /// a quarter of a millisecond or less, fewer for longer ones (8 for a millisecond and more, and
  /// before the first replies), so that the cases one lane holds at the end of a run, while another
  /// lane has none left, stay a few milliseconds of work.
  var depth: Int {
    guard let perCase = _perCase, perCase > .zero else { return 8 }
    return max(8, min(Self.queueDepth, Int(Duration.milliseconds(8) / perCase)))
  }

  static let longest = Duration.milliseconds(5)
  /// A nap shorter than this is not worth a sleep.
  static let shortest = Duration.microseconds(50)

  /// Sleeps before the lane waits for `queued` jobs, unless `isLast`: when no case is left to take,
  /// no refill waits on the replies, and the run's last results should come as soon as they can.
  /// When the job at `collection` is a file's collection, whose reply the lane must answer at once
  /// with that file's cases, it sleeps through half the cases before it, whatever the depth
  /// (measured on 10,000 trivial cases, --jobs 1: waking for every reply cost 60% more CPU; sleeping
  /// through all of them left the worker idle, 25% more wall time).
  mutating func nap(queued: Int, collection: Int? = nil, until deadline: ContinuousClock.Instant, isLast: Bool) {
    let now = ContinuousClock.now
    if let last = _lastWait, received > 0, !sawCollection {
      let measured = (now - last) / received
      _perCase = _measured.map { min($0, measured) }
      _measured = measured
    }
    _lastWait = now
    received = 0
    sawCollection = false
    let ahead = collection.map { $0 / 2 } ?? queued - depth / 2
    guard !isLast, let perCase = _perCase, ahead > 0 else { return }
    let nap = min(perCase * ahead, Self.longest, deadline - now)
    guard nap >= Self.shortest else { return }
    let (seconds, attoseconds) = nap.components
    var time = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    var left = timespec()
    while nanosleep(&time, &left) != 0, errno == EINTR { time = left }
  }
}
