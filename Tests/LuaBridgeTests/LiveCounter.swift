/// Counts live instances of `Tracked` for one test (tests run in parallel, so no global counter).
final class LiveCounter {
  var live = 0
  var created = 0
}

/// An object that registers itself with a counter while it is alive.
final class Tracked {
  let counter: LiveCounter
  let payload: [Int]

  init(_ counter: LiveCounter) {
    self.counter = counter
    payload = Array(repeating: 7, count: 16)
    counter.live += 1
    counter.created += 1
  }

  deinit {
    counter.live -= 1
  }
}
