/// Bytes read from a pipe, handed out line by line (a long line is scanned once, not after every read).
struct LineBuffer {
  private var _bytes: [UInt8] = []
  private var _start = 0
  /// How many bytes from `_start` are known to hold no line break.
  private var _scanned = 0

  mutating func append(_ bytes: ArraySlice<UInt8>) {
    guard !bytes.isEmpty else { return }
    if _start > 0, _start == _bytes.count {
      _bytes.removeAll(keepingCapacity: true)
      _start = 0
    } else if _start > 1 << 20 {
      _bytes.removeSubrange(..<_start)
      _start = 0
    }
    _bytes += bytes
  }

  /// The next whole line, without its line break.
  mutating func next() -> ArraySlice<UInt8>? {
    guard let newline = _bytes[(_start + _scanned)...].firstIndex(of: UInt8(ascii: "\n")) else {
      _scanned = _bytes.count - _start
      return nil
    }
    defer {
      _start = newline + 1
      _scanned = 0
    }
    return _bytes[_start..<newline]
  }
}
