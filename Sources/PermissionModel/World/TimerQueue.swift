/// The world's pending timers, ordered by due time and then by scheduling order.
///
/// Entries are kept sorted latest-first so that the next due timer is the last element.
struct TimerQueue {
  /// One scheduled timer.
  struct Entry {
    let id: Int
    let at: VirtualInstant
    let event: TimerEvent
  }

  private var entries: [Entry] = []
  private var nextID = 1

  /// How many timers are pending.
  var count: Int { entries.count }

  /// Schedules an event and returns the timer's id, for cancelling.
  mutating func schedule(_ event: TimerEvent, at instant: VirtualInstant) -> Int {
    let entry = Entry(id: nextID, at: instant, event: event)
    nextID += 1
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].at > instant { low = middle + 1 } else { high = middle }
    }
    entries.insert(entry, at: low)
    return entry.id
  }

  /// Cancels a timer; a timer that already fired or was cancelled is ignored.
  mutating func cancel(_ id: Int?) {
    guard let id, let index = entries.lastIndex(where: { $0.id == id }) else { return }
    entries.remove(at: index)
  }

  /// Removes and returns the next timer due at or before `limit`.
  mutating func popDue(notAfter limit: VirtualInstant) -> Entry? {
    guard let last = entries.last, last.at <= limit else { return nil }
    return entries.removeLast()
  }
}
