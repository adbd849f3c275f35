/// The world's pending timers, ordered by due time and then by scheduling order.
///
/// A timer is identified by its event (at most one is pending per event). Entries are kept sorted
/// latest-first so that the next due timer is the last element.
struct TimerQueue {
  /// One scheduled timer.
  struct Entry {
    let at: VirtualInstant
    let event: TimerEvent
  }

  private var entries: [Entry] = []

  /// How many timers are pending.
  var count: Int { entries.count }

  /// Schedules an event; one already pending for the same event must have been cancelled.
  mutating func schedule(_ event: TimerEvent, at instant: VirtualInstant) {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].at > instant { low = middle + 1 } else { high = middle }
    }
    entries.insert(Entry(at: instant, event: event), at: low)
  }

  /// Cancels the timer for an event; one that already fired or was never set is ignored.
  mutating func cancel(_ event: TimerEvent) {
    guard let index = entries.lastIndex(where: { $0.event == event }) else { return }
    entries.remove(at: index)
  }

  /// Removes and returns the next timer due at or before `limit`.
  mutating func popDue(notAfter limit: VirtualInstant) -> Entry? {
    guard let last = entries.last, last.at <= limit else { return nil }
    return entries.removeLast()
  }
}
