/// Finds the valid name closest to a mistyped one, for "did you mean …?" in error messages.
public enum Suggestion {
  /// The candidate nearest to `word` by edit distance (a transposition counts as one edit), if close enough.
  ///
  /// Close enough means at most a third of the word's length in edits (at least 1, at most 3), the
  /// same letters ignoring case and underscores (`request_location` → `requestLocation`), or else the
  /// only candidate that starts with a word of four letters or more (`requestWhenInUse`).
  public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
    let folded = _fold(word)
    let limit = min(3, max(1, word.count / 3))
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != word {
      let distance = _fold(candidate) == folded ? 0 : _distance(Array(word.unicodeScalars), Array(candidate.unicodeScalars))
      if distance <= limit, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    if let best { return best.name }
    guard word.count >= 4 else { return nil }
    let extensions = candidates.filter { $0 != word && _fold($0).hasPrefix(folded) }
    return extensions.count == 1 ? extensions[0] : nil
  }

  private static func _fold(_ word: String) -> String {
    String(word.lowercased().unicodeScalars.filter { $0 != "_" })
  }

  /// Optimal string alignment distance (Damerau–Levenshtein without repeated edits of a substring).
  private static func _distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
