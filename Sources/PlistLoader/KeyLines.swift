import Foundation

/// Where each key of a property list or strings file is written: its 1-based line, so that a message can point at it as a compiler does.
enum KeyLines {
  /// The line of each top-level key of a property list: by scanning the text of an XML or an old-style
  /// one; none for a binary one.
  static func ofPropertyList(_ data: Data) -> [String: Int] {
    switch PropertyListReader.syntax(of: data) {
    case .binary: [:]
    case .xml: TopLevelKeyCollector.lines(in: data)
    case .openStep: ofText(String(decoding: data, as: UTF8.self))
    }
  }

  /// The line of each `"key" = …;` (or `key = …;`) of a strings file or old-style plist, the first one where a key repeats.
  static func ofText(_ text: String) -> [String: Int] {
    var lines: [String: Int] = [:]
    let pattern = /^\s*(?:"((?:[^"\\]|\\.)*)"|([A-Za-z0-9_.\-]+))\s*=/
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      guard let match = line.firstMatch(of: pattern), let key = match.output.1 ?? match.output.2 else { continue }
      let name = String(key)
      if lines[name] == nil { lines[name] = index + 1 }
    }
    return lines
  }

  /// The `<key>` elements of an XML property list's top-level `<dict>`, with the line each starts on.
  ///
  /// A scan of the text for the few tags that nest (`dict`, `array`), comments and keys: Foundation read
  /// the file already (``PropertyListReader``) and says nothing of lines, and its `XMLParser` would link
  /// libxml2 into a binary that must run without it (the release archive).
  private enum TopLevelKeyCollector {
    static func lines(in data: Data) -> [String: Int] {
      let text = String(decoding: data, as: UTF8.self)
      let token = /<!--.*?-->|<!\[CDATA\[.*?\]\]>|<(\/?)(dict|array)\b[^>]*?(\/?)>|<key>(.*?)<\/key>/.dotMatchesNewlines()
      var lines: [String: Int] = [:]
      var depth = 0
      var line = 1
      var counted = text.startIndex
      for match in text.matches(of: token) {
        line += text[counted..<match.range.lowerBound].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        counted = match.range.lowerBound
        if match.output.2 != nil {
          if match.output.1 == "/" { depth -= 1 } else if match.output.3 != "/" { depth += 1 }
        } else if let key = match.output.4, depth == 1 {
          let name = Self.unescaped(key)
          if lines[name] == nil { lines[name] = line }
        }
      }
      return lines
    }

    /// The text of a key with XML's predefined entities replaced.
    private static func unescaped(_ text: Substring) -> String {
      guard text.contains("&") else { return String(text) }
      return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
        .replacingOccurrences(of: "&amp;", with: "&")
    }
  }
}
