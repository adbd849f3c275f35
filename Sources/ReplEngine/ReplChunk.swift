/// What the REPL reads from a chunk of Lua before rewriting it: its top-level locals, the names it mentions, its final return.
///
/// A token scan, not a parser: it is given only chunks that compiled, so every block is balanced and
/// block depth alone tells the chunk's own statements from those of nested blocks and functions
/// (`function`, `do`, `if` and `repeat` open a block; `end` and `until` close one).
struct ReplChunk {
  /// How a local is declared: plain, `<const>` or `<close>`.
  enum Attribute: Equatable {
    case none
    case const
    case close
  }

  /// A local the chunk declares at its top level, outside any block or function.
  struct Local: Equatable {
    var name: String
    var attribute: Attribute
  }

  /// The chunk's top-level locals, in declaration order (a name declared twice appears twice).
  private(set) var locals: [Local] = []
  /// Every name the chunk mentions as a variable (a superset: labels and attributes are included).
  private(set) var names: Set<String> = []
  /// The byte offset of the `return` that ends the chunk's top level, if it has one.
  private(set) var finalReturn: Int?
  /// The byte offset of the `--` of a line comment that runs to the end of the chunk, if one does.
  private(set) var finalComment: Int?

  /// Scans `source`, the UTF-8 bytes of a chunk that compiles.
  init(_ source: [UInt8]) {
    let (tokens, finalComment) = Self.tokens(of: source)
    self.finalComment = finalComment
    var depth = 0
    for (index, token) in tokens.enumerated() {
      guard case .word(let word, let offset) = token else { continue }
      switch word {
      case "function", "do", "if", "repeat":
        depth += 1
      case "end", "until":
        depth -= 1
      case "return" where depth == 0:
        finalReturn = offset
      case "local" where depth == 0:
        locals += Self.declaration(in: tokens, after: index)
      default:
        let field = index > 0 && (tokens[index - 1] == .symbol(".") || tokens[index - 1] == .symbol(":"))
        if !Self.keywords.contains(word) && !field { names.insert(word) }
      }
    }
  }

  /// The locals of `local function f` or `local a <const>, b`, whose `local` is token `index`.
  private static func declaration(in tokens: [Token], after index: Int) -> [Local] {
    var position = index + 1
    if position < tokens.count, case .word("function", _) = tokens[position] {
      guard position + 1 < tokens.count, case .word(let name, _) = tokens[position + 1] else { return [] }
      return [Local(name: name, attribute: .none)]
    }
    var locals: [Local] = []
    while position < tokens.count, case .word(let name, _) = tokens[position] {
      var attribute = Attribute.none
      position += 1
      if position + 2 < tokens.count, tokens[position] == .symbol("<"), case .word(let kind, _) = tokens[position + 1] {
        attribute = kind == "close" ? .close : .const
        position += 3
      }
      locals.append(Local(name: name, attribute: attribute))
      guard position < tokens.count, tokens[position] == .symbol(",") else { break }
      position += 1
    }
    return locals
  }

  private static let keywords: Set<String> = [
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
    "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
  ]
}

// MARK: - Tokens

extension ReplChunk {
  /// A token, as much of it as the scan needs: words with their offset, punctuation, and the rest.
  enum Token: Equatable {
    /// A name or a keyword, and the byte offset where it starts.
    case word(String, Int)
    /// Punctuation: `.`, `..`, `...`, `:`, `::` and single characters.
    case symbol(String)
    /// A string or a number.
    case literal
  }

  /// The tokens of `source`, comments and white space left out, and where a line comment ending the source starts.
  static func tokens(of source: [UInt8]) -> ([Token], finalComment: Int?) {
    var tokens: [Token] = []
    var finalComment: Int?
    var index = 0
    let count = source.count
    func byte(_ at: Int) -> UInt8 { at < count ? source[at] : 0 }

    while index < count {
      let current = source[index]
      switch current {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C:
        index += 1
      case UInt8(ascii: "-") where byte(index + 1) == UInt8(ascii: "-"):
        let start = index
        index += 2
        if let end = longBracketEnd(source, from: index) {
          index = end
        } else {
          while index < count && source[index] != UInt8(ascii: "\n") { index += 1 }
          if index == count { finalComment = start }
        }
      case UInt8(ascii: "["):
        if let end = longBracketEnd(source, from: index) {
          tokens.append(.literal)
          index = end
        } else {
          tokens.append(.symbol("["))
          index += 1
        }
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        index += 1
        while index < count && source[index] != current {
          index += source[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index += 1
        tokens.append(.literal)
      case _ where isDigit(current) || (current == UInt8(ascii: ".") && isDigit(byte(index + 1))):
        while index < count && (isWordByte(source[index]) || source[index] == UInt8(ascii: ".")) {
          let exponent = "eEpP".utf8.contains(source[index])
          index += 1
          if exponent && (byte(index) == UInt8(ascii: "+") || byte(index) == UInt8(ascii: "-")) { index += 1 }
        }
        tokens.append(.literal)
      case _ where isWordByte(current):
        let start = index
        while index < count && isWordByte(source[index]) { index += 1 }
        tokens.append(.word(String(decoding: source[start..<index], as: UTF8.self), start))
      case UInt8(ascii: "."), UInt8(ascii: ":"):
        var length = 1
        while length < (current == UInt8(ascii: ".") ? 3 : 2) && byte(index + length) == current { length += 1 }
        tokens.append(.symbol(String(decoding: source[index..<index + length], as: UTF8.self)))
        index += length
      default:
        tokens.append(.symbol(String(decoding: [current], as: UTF8.self)))
        index += 1
      }
    }
    return (tokens, finalComment)
  }

  /// The offset just past the long bracket (`[[…]]`, `[==[…]==]`) opening at `start`, or nil if none opens there.
  private static func longBracketEnd(_ source: [UInt8], from start: Int) -> Int? {
    guard start < source.count, source[start] == UInt8(ascii: "[") else { return nil }
    var index = start + 1
    var level = 0
    while index < source.count && source[index] == UInt8(ascii: "=") {
      level += 1
      index += 1
    }
    guard index < source.count, source[index] == UInt8(ascii: "[") else { return nil }
    index += 1
    while index < source.count {
      if source[index] == UInt8(ascii: "]") {
        var probe = index + 1
        var equals = 0
        while probe < source.count && source[probe] == UInt8(ascii: "=") {
          equals += 1
          probe += 1
        }
        if equals == level && probe < source.count && source[probe] == UInt8(ascii: "]") { return probe + 1 }
      }
      index += 1
    }
    return source.count
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
  }
}
