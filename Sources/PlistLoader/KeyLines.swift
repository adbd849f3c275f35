import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Where each key of a property list or strings file is written: its 1-based line, so that a message can point at it as a compiler does.
enum KeyLines {
  /// The line of each top-level key of a property list: through Foundation's `XMLParser` for XML, by
  /// scanning the text for an old-style one; none for a binary one.
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

  /// Collects the `<key>` elements of the top-level `<dict>` with the line each starts on.
  private final class TopLevelKeyCollector: NSObject, XMLParserDelegate {
    private var depth = 0
    private var current: (line: Int, text: String)?
    private(set) var lines: [String: Int] = [:]

    static func lines(in data: Data) -> [String: Int] {
      let parser = XMLParser(data: data)
      let collector = TopLevelKeyCollector()
      parser.delegate = collector
      parser.shouldResolveExternalEntities = false
      _ = parser.parse()
      return collector.lines
    }

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      switch name {
      case "dict", "array": depth += 1
      case "key" where depth == 1: current = (parser.lineNumber, "")
      default: break
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      current?.text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      switch name {
      case "dict", "array": depth -= 1
      case "key":
        if let key = current, lines[key.text] == nil { lines[key.text] = key.line }
        current = nil
      default: break
      }
    }
  }
}
