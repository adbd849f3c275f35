/// File names as the file system holds them (bytes) and as the runner passes them around (Strings).
///
/// Linux file names are bytes, not necessarily UTF-8. A name that is not valid UTF-8 would lose its
/// invalid bytes in a `String` (each becomes U+FFFD), and the file could no longer be opened by that
/// name. So each byte of a sequence that is not valid UTF-8 is carried as one scalar of a reserved
/// range of the supplementary private use area (U+10FE80–U+10FEFF stands for 0x80–0xFF), and changed
/// back into the byte when the name goes to the file system. The conversion is exact both ways: a name
/// that holds a scalar of the reserved range itself has that scalar's bytes carried the same way.
/// Shown to people (reports, messages), a carried byte reads `\xFF`.
public enum FileSystemName {
  private static let reserved: ClosedRange<UInt32> = 0x10FE80...0x10FEFF

  /// The name `bytes` as a String, carrying the bytes that are not UTF-8.
  public static func string(_ bytes: some Collection<UInt8>) -> String {
    let bytes = Array(bytes)
    if let valid = String(validating: bytes, as: UTF8.self), !valid.unicodeScalars.contains(where: { reserved.contains($0.value) }) {
      return valid
    }
    var scalars = String.UnicodeScalarView()
    var i = 0
    while i < bytes.count {
      let lead = bytes[i]
      let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
      if length > 0, i + length <= bytes.count, let text = String(validating: bytes[i..<(i + length)], as: UTF8.self),
        let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1, !reserved.contains(scalar.value)
      {
        scalars.append(scalar)
        i += length
      } else {
        scalars.append(Unicode.Scalar(0x10FE00 + UInt32(lead)).unsafelyUnwrapped)
        i += 1
      }
    }
    return String(scalars)
  }

  /// The bytes of `name` for the file system (without a terminating NUL).
  public static func bytes(_ name: String) -> [UInt8] {
    guard name.unicodeScalars.contains(where: { reserved.contains($0.value) }) else { return Array(name.utf8) }
    var bytes: [UInt8] = []
    for scalar in name.unicodeScalars {
      if reserved.contains(scalar.value) {
        bytes.append(UInt8(scalar.value - 0x10FE00))
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    return bytes
  }

  /// `name` as people read it: each carried byte as `\xFF`.
  public static func shown(_ name: String) -> String {
    guard name.unicodeScalars.contains(where: { reserved.contains($0.value) }) else { return name }
    var shown = ""
    for scalar in name.unicodeScalars {
      if reserved.contains(scalar.value) {
        shown += "\\x" + String(scalar.value - 0x10FE00, radix: 16, uppercase: true)
      } else {
        shown.unicodeScalars.append(scalar)
      }
    }
    return shown
  }

  /// Calls `body` with `name` as a NUL-terminated C string of its bytes.
  public static func withCString<Result>(_ name: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
    let bytes = bytes(name).map { CChar(bitPattern: $0) } + [0]
    return try bytes.withUnsafeBufferPointer { try body($0.baseAddress.unsafelyUnwrapped) }
  }
}
