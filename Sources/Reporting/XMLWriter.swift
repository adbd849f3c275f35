/// A UTF-8 buffer of XML 1.0 markup that escapes every piece of text it is given.
///
/// Text and attribute values lose ANSI escape sequences; characters XML 1.0 forbids
/// (C0 controls other than tab, line feed and carriage return, U+FFFE, U+FFFF) become U+FFFD.
/// `<`, `>` and `&` are always escaped, so `]]>` cannot appear; there is no CDATA. In attribute
/// values, quotes are escaped and tab, line feed and carriage return are written as character
/// references so parsers keep them. Swift strings are valid UTF-8 already: invalid bytes read
/// from Lua were replaced when they were decoded (`String(decoding:as:)`).
struct XMLWriter {
  /// The document so far.
  private(set) var bytes: [UInt8] = []

  init(capacity: Int = 512) {
    bytes.reserveCapacity(capacity)
  }

  // MARK: - Markup

  /// Appends markup that needs no escaping (a literal: there is no overload for a `String`, which a
  /// literal would pick, and whose bytes take the slow, generic copy).
  mutating func markup(_ string: StaticString) {
    string.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends bytes that are markup already (a stylesheet or script the build embedded).
  mutating func markup(bytes resource: [UInt8]) {
    bytes.append(contentsOf: resource)
  }

  /// Appends a decimal number.
  mutating func number(_ value: Int) {
    bytes.append(contentsOf: String(value).utf8)
  }

  /// Appends ` name="value"`, escaping the value.
  mutating func attribute(_ name: StaticString, _ value: some StringProtocol) {
    markup(" ")
    markup(name)
    markup("=\"")
    _escape(value, inAttribute: true)
    markup("\"")
  }

  /// Appends ` name="value"` for a number.
  mutating func attribute(_ name: StaticString, _ value: Int) {
    markup(" ")
    markup(name)
    markup("=\"")
    number(value)
    markup("\"")
  }

  /// Appends character data, escaping it.
  mutating func text(_ string: some StringProtocol) {
    _escape(string, inAttribute: false)
  }

  // MARK: - Escaping

  private static let _replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

  private mutating func _escape(_ string: some StringProtocol, inAttribute: Bool) {
    let escaped: Void? = string.utf8.withContiguousStorageIfAvailable { _escape($0, inAttribute: inAttribute) }
    if escaped == nil {
      Array(string.utf8).withUnsafeBufferPointer { _escape($0, inAttribute: inAttribute) }
    }
  }

  /// Bytes that may need escaping or replacing: C0 controls, `"`, `&`, `<`, `>` and the lead byte of U+FFFE/U+FFFF.
  private static let _mayNeedEscaping: [Bool] = (0...255).map { byte in
    byte < 0x20 || byte == 0x22 || byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0xEF
  }

  private mutating func _escape(_ source: UnsafeBufferPointer<UInt8>, inAttribute: Bool) {
    var index = 0
    var clean = 0
    func flush(upTo end: Int) {
      if clean < end { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[clean..<end])) }
    }
    let mayNeedEscaping = Self._mayNeedEscaping
    while index < source.count {
      let byte = source[index]
      guard mayNeedEscaping[Int(byte)] else {
        index += 1
        continue
      }
      var replacement: StaticString?
      var skip = 1
      switch byte {
      case UInt8(ascii: "&"): replacement = "&amp;"
      case UInt8(ascii: "<"): replacement = "&lt;"
      case UInt8(ascii: ">"): replacement = "&gt;"
      case UInt8(ascii: "\"") where inAttribute: replacement = "&quot;"
      case 0x0A where inAttribute: replacement = "&#10;"
      case 0x09 where inAttribute: replacement = "&#9;"
      case 0x0D: replacement = "&#13;"
      case 0x09, 0x0A: break
      case ControlSequence.escape:
        replacement = ""
        skip = ControlSequence.end(in: source, escapeAt: index) - index
      case 0x00..<0x20:
        replacement = "\u{FFFD}"
      case 0xEF where index + 2 < source.count && source[index + 1] == 0xBF
        && (source[index + 2] == 0xBE || source[index + 2] == 0xBF):
        replacement = "\u{FFFD}"
        skip = 3
      default: break
      }
      if let replacement {
        flush(upTo: index)
        markup(replacement)
        index += skip
        clean = index
      } else {
        index += 1
      }
    }
    flush(upTo: source.count)
  }
}
