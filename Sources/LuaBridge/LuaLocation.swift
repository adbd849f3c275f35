/// A position in Lua source: the chunk as Lua names it in messages, and a line.
public struct LuaLocation: Hashable, Sendable, CustomStringConvertible {
  /// The chunk: a path for chunks named `@path`, else Lua's rendering (`[string "…"]`, `name` for `=name`).
  public var chunk: String
  /// The line, 1-based.
  public var line: Int

  /// Creates a location.
  public init(chunk: String, line: Int) {
    self.chunk = chunk
    self.line = line
  }

  /// `chunk:line`, as Lua writes positions.
  public var description: String { "\(chunk):\(line)" }
}

// MARK: - Parsing

extension LuaLocation {
  /// The location a message starts with, as in `file.lua:12: boom` (`[string "…"]` chunks included).
  public init?(prefixOf text: Substring) {
    var searchStart = text.startIndex
    if text.hasPrefix("[string \""), let close = text.firstRange(of: "\"]:") {
      searchStart = close.lowerBound
    }
    var cursor = searchStart
    while let colon = text[cursor...].firstIndex(of: ":") {
      let digits = text[text.index(after: colon)...].prefix { $0.isASCII && $0.isNumber }  // digits only: a wider scan made long messages quadratic
      if !digits.isEmpty, colon > text.startIndex, digits.endIndex < text.endIndex, text[digits.endIndex] == ":",
        let line = Int(digits)
      {
        self.init(chunk: String(text[..<colon]), line: line)
        return
      }
      cursor = text.index(after: colon)
    }
    return nil
  }

  /// The first Lua frame of a traceback (`stack traceback:` then one `\tchunk:line: in …` per frame).
  init?(firstFrameOf traceback: String) {
    for frame in traceback.split(separator: "\n").dropFirst() {
      let trimmed = frame.drop(while: { $0 == "\t" || $0 == " " })
      if trimmed.hasPrefix("[C]:") || trimmed.hasPrefix("(...tail calls...)") { continue }
      self.init(prefixOf: trimmed)
      return
    }
    return nil
  }
}
