import Foundation

/// The trailer of a binary property list: where its objects start, read to check the object graph before Foundation parses it.
///
/// Parsing stays Foundation's; this reads the offset table, one marker byte per object and the object
/// references of arrays and dictionaries, and answers nil when the trailer is not sound, leaving the
/// refusal of a broken file to Foundation too. Two things are refused before Foundation sees the file:
///
/// - a set: swift-corelibs-foundation's `PropertyListSerialization` crashes bridging some binary sets
///   (a fuzzing finding, kept in Tests/FuzzCorpus/plist), and no Info.plist or strings file holds one;
/// - shared references that expand: an array may name the same object twice, so forty arrays of ~760
///   bytes, each naming the next twice, read as 2^40 values once copied into a tree (issue 44, item 11).
///   ``expandedSize(in:limit:)`` counts the values the tree would hold without building it.
struct BinaryPropertyListTrailer {
  /// Bytes per entry of the offset table.
  let offsetSize: Int
  /// Bytes per object reference inside arrays and dictionaries.
  let referenceSize: Int
  /// How many objects the file holds.
  let objectCount: Int
  /// The object at the top of the graph.
  let topObject: Int
  /// Where the offset table starts.
  let offsetTable: Int

  /// The most values a binary property list may expand to, counting every array element, dictionary
  /// key and value as often as it is referenced *(assumed)*: an Info.plist or InfoPlist.strings of a real
  /// app holds a few hundred, so 65,536 reads at once and a crafted file is refused in milliseconds
  /// (copying 2^17 shared strings out took the reader ten seconds, 2^40 forever).
  static let expansionLimit = 1 << 16

  /// Reads the 32-byte trailer at the end of `data`; nil when it is missing or points outside the file.
  init?(_ data: Data) {
    let bytes = [UInt8](data)
    guard bytes.count >= 8 + 32 else { return nil }
    let trailer = bytes.count - 32
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
      let count = Self.integer(bytes, at: trailer + 8, size: 8),
      let top = Self.integer(bytes, at: trailer + 16, size: 8),
      let table = Self.integer(bytes, at: trailer + 24, size: 8),
      count <= trailer, table <= trailer, count * offsetSize <= trailer - table, top < count
    else { return nil }
    objectCount = count
    topObject = top
    offsetTable = table
  }

  /// Whether any object's marker byte is a set's (`0xCn`).
  func holdsSet(in data: Data) -> Bool {
    let bytes = [UInt8](data)
    return (0..<objectCount).contains { index in
      offset(of: index, in: bytes).map { bytes[$0] >> 4 == 0xC } ?? false
    }
  }

  /// How many values the top object holds once every reference is copied out, counting itself; stops
  /// counting past `limit` and answers `limit + 1`. Nil when a reference is unsound or the graph has a
  /// cycle, which Foundation refuses on its own.
  func expandedSize(in data: Data, limit: Int = expansionLimit) -> Int? {
    let bytes = [UInt8](data)
    // The size of each object's tree, once known; objects are visited children first, without recursion.
    var sizes = [Int?](repeating: nil, count: objectCount)
    var onPath = [Bool](repeating: false, count: objectCount)
    var stack: [(object: Int, children: [Int], next: Int)] = []
    func enter(_ object: Int) -> Bool {
      guard let children = references(of: object, in: bytes) else { return false }
      onPath[object] = true
      stack.append((object, children, 0))
      return true
    }
    guard enter(topObject) else { return nil }
    while let top = stack.last {
      if top.next < top.children.count {
        let child = top.children[top.next]
        stack[stack.count - 1].next += 1
        guard sizes[child] == nil else { continue }
        guard !onPath[child], enter(child) else { return nil }
        continue
      }
      stack.removeLast()
      onPath[top.object] = false
      var size = 1
      for child in top.children {
        size += sizes[child] ?? 0
        if size > limit { return limit + 1 }
      }
      sizes[top.object] = size
    }
    return sizes[topObject]
  }

  // MARK: - Reading objects

  /// Where object `index` starts, or nil when the offset table points outside the file.
  private func offset(of index: Int, in bytes: [UInt8]) -> Int? {
    guard let offset = Self.integer(bytes, at: offsetTable + index * offsetSize, size: offsetSize),
      offset < bytes.count
    else { return nil }
    return offset
  }

  /// The objects an array or dictionary names (a dictionary's keys, then its values); none for other
  /// objects; nil when the object or a reference lies outside the file.
  private func references(of index: Int, in bytes: [UInt8]) -> [Int]? {
    guard let start = offset(of: index, in: bytes) else { return nil }
    let marker = bytes[start]
    let perEntry: Int
    switch marker >> 4 {
    case 0xA: perEntry = 1
    case 0xD: perEntry = 2
    default: return []
    }
    guard let (count, first) = Self.count(marker, at: start, in: bytes),
      count <= (bytes.count - first) / (perEntry * referenceSize)
    else { return nil }
    var children: [Int] = []
    children.reserveCapacity(count * perEntry)
    for entry in 0..<count * perEntry {
      guard let child = Self.integer(bytes, at: first + entry * referenceSize, size: referenceSize),
        child < objectCount
      else { return nil }
      children.append(child)
    }
    return children
  }

  /// An object's count and where its contents start: the marker's low nibble, or after it the integer
  /// object that follows a low nibble of `0xF`.
  private static func count(_ marker: UInt8, at start: Int, in bytes: [UInt8]) -> (Int, Int)? {
    guard marker & 0xF == 0xF else { return (Int(marker & 0xF), start + 1) }
    guard start + 1 < bytes.count, bytes[start + 1] >> 4 == 0x1 else { return nil }
    let size = 1 << Int(bytes[start + 1] & 0xF)
    guard size <= 8, let count = integer(bytes, at: start + 2, size: size) else { return nil }
    return (count, start + 2 + size)
  }

  /// A big-endian unsigned integer of `size` bytes at `offset`, or nil past the end or beyond `Int.max / 16`.
  private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
    guard offset >= 0, offset + size <= bytes.count else { return nil }
    var value: UInt64 = 0
    for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
    return value <= UInt64(Int.max / 16) ? Int(value) : nil
  }
}
