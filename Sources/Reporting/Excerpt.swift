/// The part of a long text a report shows: all of it, or its head and tail around a visible marker.
package enum Excerpt {
  /// The lines joined with line feeds, cut to at most `budget` bytes of UTF-8.
  ///
  /// A text over budget keeps whole lines from its start and its end, about half the budget each,
  /// around a line saying how much was left out. A single line longer than half the budget is cut
  /// at a Unicode scalar boundary, so no UTF-8 sequence is ever split.
  static func text(_ lines: [String], budget: Int = ReportLimits.textBytes) -> String {
    let total = lines.reduce(max(0, lines.count - 1)) { $0 + $1.utf8.count }
    guard total > budget else { return lines.joined(separator: "\n") }
    let half = max(0, budget - _markerReserve) / 2

    var head: [Substring] = []
    var headBytes = 0
    for line in lines {
      let cost = line.utf8.count + 1
      guard headBytes + cost <= half else {
        if head.isEmpty {
          head.append(prefix(of: line, maxBytes: half - 1))
          headBytes = head[0].utf8.count + 1
        }
        break
      }
      head.append(line[...])
      headBytes += cost
    }

    var tail: [Substring] = []
    var tailBytes = 0
    for line in lines.reversed() {
      let cost = line.utf8.count + 1
      guard tailBytes + cost <= half else {
        if tail.isEmpty {
          tail.append(suffix(of: line, maxBytes: half - 1))
          tailBytes = tail[0].utf8.count + 1
        }
        break
      }
      tail.append(line[...])
      tailBytes += cost
    }

    let omitted = max(0, total - (headBytes - 1) - (tailBytes - 1))
    let marker: Substring = "[… \(omitted) bytes not shown: the text is longer than \(budget / 1024) KiB …]"
    return (head + [marker] + tail.reversed()).joined(separator: "\n")
  }

  /// The last `count` lines.
  static func tail(_ lines: [String], count: Int = ReportLimits.transcriptTailLines) -> ArraySlice<String> {
    lines.suffix(count)
  }

  /// `string`, or when it is longer than `maxBytes` of UTF-8 its start and its last bytes around `…`
  /// (the end of a name tells cases apart: `[iOS 14.0]`, `#2`).
  package static func bounded(_ string: String, maxBytes: Int) -> String {
    guard string.utf8.count > maxBytes else { return string }
    let tailBytes = maxBytes / 16
    let head = prefix(of: string, maxBytes: maxBytes - tailBytes - 3)
    var tail = string.unicodeScalars.endIndex
    var used = 0
    while tail > string.unicodeScalars.startIndex {
      let previous = string.unicodeScalars.index(before: tail)
      let width = UTF8.width(string.unicodeScalars[previous])
      guard used + width <= tailBytes else { break }
      used += width
      tail = previous
    }
    return head + "…" + String(string.unicodeScalars[tail...])
  }

  /// The longest prefix of `string` that fits in `maxBytes` of UTF-8, ending on a scalar boundary.
  static func prefix(of string: String, maxBytes: Int) -> Substring {
    guard string.utf8.count > maxBytes else { return string[...] }
    let scalars = string.unicodeScalars
    var end = scalars.startIndex
    var used = 0
    while end < scalars.endIndex {
      let width = UTF8.width(scalars[end])
      guard used + width <= maxBytes else { break }
      used += width
      end = scalars.index(after: end)
    }
    return string[..<end]
  }

  /// The longest suffix of `string` that fits in `maxBytes` of UTF-8, starting on a scalar boundary.
  static func suffix(of string: String, maxBytes: Int) -> Substring {
    guard string.utf8.count > maxBytes else { return string[...] }
    let scalars = string.unicodeScalars
    var start = scalars.endIndex
    var used = 0
    while start > scalars.startIndex {
      let previous = scalars.index(before: start)
      let width = UTF8.width(scalars[previous])
      guard used + width <= maxBytes else { break }
      used += width
      start = previous
    }
    return string[start...]
  }

  /// Room left in the budget for the marker line and its line feeds.
  private static let _markerReserve = 96

  /// `lines`, or when they hold more than twice `budget` bytes, whole lines from their start and their
  /// end (about `budget` bytes each, a longer line cut) around a line saying how much was left out:
  /// what a worker sends of a transcript, so that no report shows less than it would of all of it.
  package static func lines(_ lines: [String], budget: Int = ReportLimits.textBytes) -> [String] {
    var total = 0
    for line in lines {
      total += line.utf8.count + 1
      if total > 2 * budget { break }
    }
    guard total > 2 * budget else { return lines }
    var head: [String] = []
    var used = 0
    for line in lines where used < budget {
      let kept = line.utf8.count > budget / 2 ? String(prefix(of: line, maxBytes: budget / 2)) : line
      head.append(kept)
      used += kept.utf8.count + 1
    }
    var tail: [String] = []
    used = 0
    for line in lines.dropFirst(head.count).reversed() where used < budget {
      let kept = line.utf8.count > budget / 2 ? String(suffix(of: line, maxBytes: budget / 2)) : line
      tail.append(kept)
      used += kept.utf8.count + 1
    }
    let omitted = lines.count - head.count - tail.count
    let bytes = lines.reduce(0) { $0 + $1.utf8.count + 1 } - (head + tail).reduce(0) { $0 + $1.utf8.count + 1 }
    return head + ["[… \(omitted) lines and \(bytes) bytes not shown: the transcript is longer than reports show …]"] + tail.reversed()
  }
}
