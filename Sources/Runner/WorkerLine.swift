import Foundation

/// The one line form of every message between the runner and a worker: tab-separated fields, with
/// tabs, line breaks, carriage returns and backslashes escaped, so a field holds any bytes.
enum WorkerLine {
  /// A line whose fields are not a message.
  struct Malformed: Error {}

  static func join(_ fields: [String]) -> [UInt8] {
    var line = Writer(capacity: fields.reduce(fields.count) { $0 + $1.utf8.count })
    for field in fields { line.field(field) }
    return line.bytes
  }

  /// A line built field by field, each escaped as ``join(_:)`` escapes it.
  struct Writer {
    private(set) var bytes: [UInt8] = []
    /// Whether a field was added (an empty first field still needs the tab after it).
    private var _started = false

    init(capacity: Int) {
      bytes.reserveCapacity(capacity)
    }

    /// Adds `text` as the next field.
    mutating func field(_ text: String) {
      _separate()
      // Most fields have nothing to escape: they go in as they are.
      let copied = text.utf8.withContiguousStorageIfAvailable { utf8 in
        guard !utf8.contains(where: WorkerLine.isEscaped) else { return false }
        bytes.append(contentsOf: utf8)
        return true
      }
      if copied == true { return }
      _escape(text.utf8)
    }

    /// Adds `raw` (any bytes, valid UTF-8 or not) as the next field.
    mutating func field(bytes raw: some Collection<UInt8>) {
      _separate()
      _escape(raw)
    }

    /// Adds a field only a reader's position knows: `text`, or the empty field for nil.
    mutating func field(optional text: String?) {
      field(text ?? "")
    }

    private mutating func _escape(_ raw: some Collection<UInt8>) {
      for byte in raw {
        switch byte {
        case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
        case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        default: bytes.append(byte)
        }
      }
    }

    /// Adds `number` in decimal as the next field, written without an intermediate string.
    mutating func field(_ number: Int) {
      _separate()
      if number < 0 { bytes.append(UInt8(ascii: "-")) }
      var magnitude = number.magnitude
      var digits = 1
      var rest = magnitude / 10
      while rest > 0 {
        digits += 1
        rest /= 10
      }
      bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
      var index = bytes.count - 1
      repeat {
        bytes[index] += UInt8(magnitude % 10)
        magnitude /= 10
        index -= 1
      } while magnitude > 0
    }

    private mutating func _separate() {
      if _started { bytes.append(UInt8(ascii: "\t")) }
      _started = true
    }
  }

  fileprivate static func isEscaped(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  /// The fields of one line, found in place: a field becomes a string or a number only when asked for.
  struct Fields {
    private let _line: ArraySlice<UInt8>
    /// Where each field is in the line, and whether it holds an escape.
    private var _fields: [(range: Range<Int>, escapes: Bool)] = []

    init(_ line: ArraySlice<UInt8>) {
      _line = line
      _fields.reserveCapacity(12)  // a run request's 11 fields without growing
      var start = line.startIndex
      var escapes = false
      var index = line.startIndex
      while index < line.endIndex {
        switch line[index] {
        case UInt8(ascii: "\\"):
          escapes = true
          index += 2
          continue
        case UInt8(ascii: "\t"):
          _fields.append((start..<index, escapes))
          start = index + 1
          escapes = false
        default:
          break
        }
        index += 1
      }
      _fields.append((start..<min(index, line.endIndex), escapes))
    }

    var count: Int { _fields.count }

    /// The text of the field at `position`, its escapes undone.
    func text(_ position: Int) -> String {
      let (range, escapes) = _fields[position]
      guard escapes else { return String(decoding: _line[range], as: UTF8.self) }
      return String(decoding: Fields.unescaped(_line[range]), as: UTF8.self)
    }

    /// The bytes of the field at `position`, its escapes undone.
    func bytes(_ position: Int) -> [UInt8] {
      let (range, escapes) = _fields[position]
      return escapes ? Fields.unescaped(_line[range]) : Array(_line[range])
    }

    /// Whether the field at `position` reads `text` (compared as bytes, without making a string of the field).
    func isText(_ position: Int, _ text: String) -> Bool {
      let (range, escapes) = _fields[position]
      if escapes { return self.text(position) == text }
      guard range.count == text.utf8.count else { return false }
      guard !range.isEmpty else { return true }
      let same = _line[range].withUnsafeBytes { field in
        text.utf8.withContiguousStorageIfAvailable { memcmp(field.baseAddress!, $0.baseAddress!, range.count) == 0 }
      }
      return same ?? _line[range].elementsEqual(text.utf8)
    }

    /// The field at `position` as a decimal number (digits, after a `-` for a negative one), or nil.
    func number(_ position: Int) -> Int? {
      var bytes = _line[_fields[position].range]
      let negative = bytes.first == UInt8(ascii: "-")
      if negative { bytes = bytes.dropFirst() }
      guard !bytes.isEmpty else { return nil }
      var value = 0
      for byte in bytes {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        // Counted towards the sign, so that the most negative number reads too.
        let digit = Int(byte - UInt8(ascii: "0"))
        let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
        let (next, overflowedAgain) =
          negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
        guard !overflowed, !overflowedAgain else { return nil }
        value = next
      }
      return value
    }

    /// A field's bytes with its escapes undone.
    private static func unescaped(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
      var field: [UInt8] = []
      field.reserveCapacity(bytes.count)
      var escaped = false
      for byte in bytes {
        if escaped {
          switch byte {
          case UInt8(ascii: "t"): field.append(UInt8(ascii: "\t"))
          case UInt8(ascii: "n"): field.append(UInt8(ascii: "\n"))
          case UInt8(ascii: "r"): field.append(UInt8(ascii: "\r"))
          default: field.append(byte)
          }
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else {
          field.append(byte)
        }
      }
      return field
    }
  }
}

extension WorkerLine {
  /// Reads a line's fields one after another, each as the kind of value its position holds.
  struct Cursor {
    let fields: Fields
    private(set) var position: Int

    init(_ line: ArraySlice<UInt8>, from position: Int = 1) {
      fields = Fields(line)
      self.position = position
    }

    /// Whether fields are left.
    var hasMore: Bool { position < fields.count }

    mutating func text() throws(Malformed) -> String {
      guard position < fields.count else { throw Malformed() }
      defer { position += 1 }
      return fields.text(position)
    }

    /// The next field's text, or nil when it is empty.
    mutating func optionalText() throws(Malformed) -> String? {
      let text = try text()
      return text.isEmpty ? nil : text
    }

    /// The next field as a name's digest (hexadecimal), or nil when it is empty.
    mutating func digest() throws(Malformed) -> UInt64? {
      guard let text = try optionalText() else { return nil }
      guard let digest = UInt64(text, radix: 16) else { throw Malformed() }
      return digest
    }

    mutating func bytes() throws(Malformed) -> [UInt8] {
      guard position < fields.count else { throw Malformed() }
      defer { position += 1 }
      return fields.bytes(position)
    }

    mutating func number() throws(Malformed) -> Int {
      guard position < fields.count, let number = fields.number(position) else { throw Malformed() }
      position += 1
      return number
    }

    /// The next field as a count: a number from 0 to what the line's remaining fields could hold.
    mutating func count() throws(Malformed) -> Int {
      let count = try number()
      guard count >= 0, count <= fields.count - position else { throw Malformed() }
      return count
    }

    mutating func flag() throws(Malformed) -> Bool {
      switch try text() {
      case "1": return true
      case "0": return false
      default: throw Malformed()
      }
    }

    /// The next `count`-prefixed list of texts.
    mutating func texts() throws(Malformed) -> [String] {
      var texts: [String] = []
      for _ in 0..<(try count()) { texts.append(try text()) }
      return texts
    }
  }
}

extension WorkerLine.Writer {
  /// Adds a name's digest in hexadecimal, or the empty field for none.
  mutating func field(digest: UInt64?) {
    field(optional: digest.map { String($0, radix: 16) })
  }

  mutating func field(_ flag: Bool) {
    field(flag ? "1" : "0")
  }

  /// Adds a count and then each of `texts`.
  mutating func fields(_ texts: [String]) {
    field(texts.count)
    for text in texts { field(text) }
  }
}
