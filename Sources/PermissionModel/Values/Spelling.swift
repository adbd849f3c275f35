/// Finds the name a scenario probably meant, for "did you mean …?" hints in error messages.
public enum Spelling {
  /// The candidate closest to `name`, when it is close enough to be a typo.
  ///
  /// Close enough means: the same letters ignoring case and underscores (`request_location` →
  /// `requestLocation`); else within `max(2, length / 3)` edits, a swap of neighbours counting as one;
  /// else the only candidate that extends a name of four letters or more (`requestWhenInUse`).
  public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
    let folded = fold(name)
    let typed = Array(folded.unicodeScalars)
    let limit = max(2, typed.count / 3)
    var best: (candidate: String, distance: Int)?
    var extensions: [String] = []
    for candidate in candidates where candidate != name {
      let other = fold(candidate)
      let scalars = Array(other.unicodeScalars)
      // The distance is at least the difference in length: no need to align a long name with a short one.
      let distance = other == folded ? 0 : abs(typed.count - scalars.count) > limit ? Int.max : editDistance(typed, scalars)
      if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
      if typed.count >= 4, other.hasPrefix(folded) { extensions.append(candidate) }
    }
    if let best { return best.candidate }
    return extensions.count == 1 ? extensions[0] : nil
  }

  private static func fold(_ name: String) -> String {
    String(name.lowercased().unicodeScalars.filter { $0 != "_" })
  }

  /// Optimal string alignment distance: Levenshtein plus swaps of neighbouring letters.
  static func editDistance(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar]) -> Int {
    guard !lhs.isEmpty else { return rhs.count }
    guard !rhs.isEmpty else { return lhs.count }
    var beforePrevious = [Int](repeating: 0, count: rhs.count + 1)
    var previous = Array(0...rhs.count)
    var current = [Int](repeating: 0, count: rhs.count + 1)
    for i in 1...lhs.count {
      current[0] = i
      for j in 1...rhs.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (lhs[i - 1] == rhs[j - 1] ? 0 : 1))
        if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[rhs.count]
  }
}
