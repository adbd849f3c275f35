/// Terminal control sequences (ANSI/ECMA-48) found in text that reports must not pass on.
enum ControlSequence {
  static let escape: UInt8 = 0x1B

  /// The index just past the escape sequence whose ESC byte is at `start`.
  ///
  /// CSI sequences (colours, cursor moves) end at their final byte; OSC and the other string
  /// sequences end at BEL, ST or a line break; other escapes span two bytes. A lone ESC is one byte.
  static func end(in bytes: UnsafeBufferPointer<UInt8>, escapeAt start: Int) -> Int {
    var index = start + 1
    guard index < bytes.count else { return index }
    switch bytes[index] {
    case 0x5B:
      index += 1
      while index < bytes.count, (0x20...0x3F).contains(bytes[index]) { index += 1 }
      if index < bytes.count, (0x40...0x7E).contains(bytes[index]) { index += 1 }
      return index
    case 0x50, 0x58, 0x5D, 0x5E, 0x5F:
      index += 1
      while index < bytes.count {
        switch bytes[index] {
        case 0x07:
          return index + 1
        case escape:
          let terminated = index + 1 < bytes.count && bytes[index + 1] == 0x5C
          return terminated ? index + 2 : index
        case 0x0A, 0x0D:
          return index
        default:
          index += 1
        }
      }
      return index
    case 0x20...0x2F:
      while index < bytes.count, (0x20...0x2F).contains(bytes[index]) { index += 1 }
      if index < bytes.count, (0x30...0x7E).contains(bytes[index]) { index += 1 }
      return index
    case 0x30...0x7E:
      return index + 1
    default:
      return index
    }
  }
}
