/// Finds the name a scenario probably meant, for "did you mean" hints in misuse messages.
enum Spelling {
  /// The candidate closest to `name` by edit distance, ignoring case, when it is close enough to be a typo.
  static func closest(to name: String, in candidates: [String]) -> String? {
    let typed = Array(name.lowercased().unicodeScalars)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(typed, Array(candidate.lowercased().unicodeScalars))
      if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    guard let best, best.distance <= max(2, typed.count / 3) else { return nil }
    return best.candidate
  }

  /// Levenshtein distance over Unicode scalars.
  static func editDistance(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar]) -> Int {
    guard !lhs.isEmpty else { return rhs.count }
    guard !rhs.isEmpty else { return lhs.count }
    var previous = Array(0...rhs.count)
    var current = [Int](repeating: 0, count: rhs.count + 1)
    for (i, left) in lhs.enumerated() {
      current[0] = i + 1
      for (j, right) in rhs.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[rhs.count]
  }
}
