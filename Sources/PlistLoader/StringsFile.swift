import Foundation

/// Reads `InfoPlist.strings` files: OpenStep text in UTF-8 or UTF-16 (with or without a BOM), or a compiled plist.
///
/// Foundation's parser reads UTF-8 and UTF-16 with a byte-order mark but rejects UTF-16 without one, which
/// Xcode and translators do produce; such text is recognised by its NUL bytes and transcoded first.
public enum StringsFile {
  /// The entries of a strings file; entries whose value is not a string (old-style arrays, dictionaries) are skipped.
  ///
  /// An empty file is an empty table, as Xcode creates them.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - path: How errors name the file.
  /// - Throws: ``PlistLoadError`` with the line Foundation reports:
  ///   `en.lproj/InfoPlist.strings: line 3: Missing ';'`.
  public static func parse(_ data: Data, path: String) throws -> [String: String] {
    let text = try utf8Text(of: data, path: path)
    guard !text.isEmpty else { return [:] }
    var entries: [String: String] = [:]
    for (key, value) in try PropertyListReader.dictionary(from: text, path: path) {
      if case .string(let string) = value { entries[key] = string }
    }
    return entries
  }

  /// The line each key of a strings file is written on; empty for a compiled plist or text that does not decode.
  package static func keyLines(_ data: Data) -> [String: Int] {
    guard encoding(of: data) != .binaryPropertyList, let text = try? utf8Text(of: data, path: "") else { return [:] }
    return KeyLines.ofText(String(decoding: text, as: UTF8.self))
  }

  /// The encoding of a strings file, from its byte-order mark or, without one, from where its NUL bytes fall.
  public static func encoding(of data: Data) -> Encoding {
    if data.starts(with: "bplist".utf8) { return .binaryPropertyList }
    if data.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8(byteOrderMark: true) }
    if data.starts(with: [0xFF, 0xFE]) { return .utf16LittleEndian(byteOrderMark: true) }
    if data.starts(with: [0xFE, 0xFF]) { return .utf16BigEndian(byteOrderMark: true) }
    // UTF-8 text never holds a NUL byte; UTF-16 text of ASCII-range characters has one in every pair.
    var evenNULs = 0
    var oddNULs = 0
    for (offset, byte) in data.prefix(512).enumerated() where byte == 0 {
      if offset % 2 == 0 { evenNULs += 1 } else { oddNULs += 1 }
    }
    if evenNULs == 0 && oddNULs == 0 { return .utf8(byteOrderMark: false) }
    return oddNULs >= evenNULs ? .utf16LittleEndian(byteOrderMark: false) : .utf16BigEndian(byteOrderMark: false)
  }

  // MARK: - Transcoding

  /// The bytes Foundation's parser accepts: binary plists as they are, text as UTF-8 without a BOM.
  private static func utf8Text(of data: Data, path: String) throws -> Data {
    let payload: Data
    let encoding: String.Encoding
    switch Self.encoding(of: data) {
    case .binaryPropertyList, .utf8(byteOrderMark: false):
      return data
    case .utf8(byteOrderMark: true):
      return Data(data.dropFirst(3))
    case .utf16LittleEndian(let byteOrderMark):
      payload = byteOrderMark ? data.dropFirst(2) : data
      encoding = .utf16LittleEndian
    case .utf16BigEndian(let byteOrderMark):
      payload = byteOrderMark ? data.dropFirst(2) : data
      encoding = .utf16BigEndian
    }
    guard payload.count % 2 == 0, let string = String(data: payload, encoding: encoding) else {
      throw PlistLoadError(.unsupportedEncoding, path: path, reason: "not valid UTF-8 or UTF-16 text")
    }
    return Data(string.utf8)
  }
}
