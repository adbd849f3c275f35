/// Text from scenarios made safe to show on a terminal.
enum TerminalText {
  /// Removes ANSI escape sequences and carriage returns, and replaces other control characters with U+FFFD.
  ///
  /// Tabs and line feeds stay. A scenario's own colour codes or cursor moves cannot garble the summary.
  static func clean(_ string: String) -> String {
    guard string.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A) || $0 == 0x7F }) else {
      return string
    }
    var string = string
    return string.withUTF8 { source in
      var output: [UInt8] = []
      output.reserveCapacity(source.count)
      var index = 0
      while index < source.count {
        let byte = source[index]
        switch byte {
        case ControlSequence.escape:
          index = ControlSequence.end(in: source, escapeAt: index)
          continue
        case 0x0D:
          break
        case 0x09, 0x0A:
          output.append(byte)
        case 0x00..<0x20, 0x7F:
          output.append(contentsOf: [0xEF, 0xBF, 0xBD])
        default:
          output.append(byte)
        }
        index += 1
      }
      return String(decoding: output, as: UTF8.self)
    }
  }

  /// The string on one line: its lines trimmed and joined with single spaces.
  static func oneLine(_ string: String) -> String {
    guard string.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return string }
    return string.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
      .map { $0.trimmingSpaces() }
      .filter { !$0.isEmpty }
      .joined(separator: " ")
  }
}

extension Substring {
  /// The substring without leading and trailing spaces and tabs.
  fileprivate func trimmingSpaces() -> Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return self[first...last]
  }
}
