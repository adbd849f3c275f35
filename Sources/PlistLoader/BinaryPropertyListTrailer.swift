import Foundation

/// The trailer of a binary property list: where its objects start, read only to find their type markers.
///
/// swift-corelibs-foundation's `PropertyListSerialization` crashes bridging some binary sets (a fuzzing
/// finding, kept in Tests/FuzzCorpus/plist). Sets never occur in an Info.plist or a strings file, so the
/// reader refuses a binary plist that holds one before Foundation sees it. Parsing stays Foundation's:
/// this reads the offset table and one marker byte per object, and answers nil when the trailer is not
/// sound, leaving the refusal of a broken file to Foundation too.
struct BinaryPropertyListTrailer {
  /// Bytes per entry of the offset table.
  let offsetSize: Int
  /// How many objects the file holds.
  let objectCount: Int
  /// Where the offset table starts.
  let offsetTable: Int

  /// Reads the 32-byte trailer at the end of `data`; nil when it is missing or points outside the file.
  init?(_ data: Data) {
    let bytes = [UInt8](data)
    guard bytes.count >= 8 + 32 else { return nil }
    let trailer = bytes.count - 32
    offsetSize = Int(bytes[trailer + 6])
    guard (1...8).contains(offsetSize),
      let count = Self.integer(bytes, at: trailer + 8, size: 8),
      let table = Self.integer(bytes, at: trailer + 24, size: 8),
      count <= trailer, table <= trailer, count * offsetSize <= trailer - table
    else { return nil }
    objectCount = count
    offsetTable = table
  }

  /// Whether any object's marker byte is a set's (`0xCn`).
  func holdsSet(in data: Data) -> Bool {
    let bytes = [UInt8](data)
    for index in 0..<objectCount {
      guard let offset = Self.integer(bytes, at: offsetTable + index * offsetSize, size: offsetSize),
        offset < bytes.count
      else { continue }
      if bytes[offset] >> 4 == 0xC { return true }
    }
    return false
  }

  /// A big-endian unsigned integer of `size` bytes at `offset`, or nil past the end or beyond `Int.max`.
  private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
    guard offset >= 0, offset + size <= bytes.count else { return nil }
    var value: UInt64 = 0
    for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
    return value <= UInt64(Int.max / 16) ? Int(value) : nil
  }
}
