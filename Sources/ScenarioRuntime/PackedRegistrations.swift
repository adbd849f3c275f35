import LuaBridge
import PermissionModel

/// The registrations a file's top level made, as the prelude's `collect` packs them into one string.
///
/// For each registration: its name (a text) and line (an integer); its skip reason (a byte 0, or 1
/// and a text); its versions (a byte 0 for none, 1 and a text, or 2 and a list); its tags (a list).
/// An integer is 8 bytes, a text a 4-byte length and its bytes, a list a count and as many texts, all
/// little-endian (`string.pack("<j")`, `"<s4"`).
struct PackedRegistrations {
  private let _bytes: [UInt8]
  private var _offset = 0

  /// A reader of `value`, the string `collect` returned; nil when it is not a string.
  init?(_ value: LuaValue) {
    switch value {
    case .string(let text): _bytes = Array(text.utf8)
    case .bytes(let bytes): _bytes = bytes
    default: return nil
    }
  }

  /// The scenarios, numbered in registration order with each name and line's occurrences counted; nil when the bytes are not such a list.
  mutating func scenarios() -> [DeclaredScenario]? {
    var scenarios: [DeclaredScenario] = []
    // Occurrences by name and line (index 0, occurrence 1), counted from the first registration whose
    // line does not come after every earlier one's: until then each is the first of its name and line.
    var occurrences: [ScenarioIdentity: Int] = [:]
    var counting = false
    var lastLine = Int.min
    while _offset < _bytes.count {
      guard let nameBytes = text(), let line = integer(), let skip = byte() else { return nil }
      let skipReason: String?
      switch skip {
      case 0: skipReason = nil
      case 1:
        guard let reason = text() else { return nil }
        skipReason = Self.string(reason)
      default: return nil
      }
      guard let kind = byte() else { return nil }
      let versions: DeclaredScenario.Versions
      switch kind {
      case 0: versions = .unpinned
      case 1:
        guard let version = text() else { return nil }
        versions = .pinned(RequestedVersion(written: Self.string(version)))
      case 2:
        guard let list = texts() else { return nil }
        versions = .matrix(list.map(RequestedVersion.init(written:)))
      default: return nil
      }
      guard let tags = texts() else { return nil }
      let name = String(validating: nameBytes, as: UTF8.self)
      let rawName = name == nil ? Array(nameBytes) : nil
      let shownName = name ?? Self.string(nameBytes)
      if !counting, line <= lastLine {
        counting = true
        for earlier in scenarios { occurrences[ScenarioIdentity(index: 0, name: earlier.name, line: earlier.line, rawName: earlier.rawName)] = 1 }
      }
      lastLine = line
      var occurrence = 1
      if counting {
        let key = ScenarioIdentity(index: 0, name: shownName, line: line, rawName: rawName)
        occurrence = occurrences[key, default: 0] + 1
        occurrences[key] = occurrence
      }
      scenarios.append(
        DeclaredScenario(
          index: scenarios.count + 1, name: shownName, line: line, tags: tags, versions: versions,
          skipReason: skipReason, occurrence: occurrence, rawName: rawName))
    }
    return scenarios
  }

  private static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

  private mutating func byte() -> UInt8? {
    guard _offset < _bytes.count else { return nil }
    defer { _offset += 1 }
    return _bytes[_offset]
  }

  private mutating func unsigned(width: Int) -> UInt64? {
    guard _bytes.count - _offset >= width else { return nil }
    var value: UInt64 = 0
    for position in 0..<width { value |= UInt64(_bytes[_offset + position]) << (8 * position) }
    _offset += width
    return value
  }

  private mutating func integer() -> Int? { unsigned(width: 8).map { Int(truncatingIfNeeded: $0) } }

  private mutating func text() -> ArraySlice<UInt8>? {
    guard let length = unsigned(width: 4).map(Int.init), _bytes.count - _offset >= length else { return nil }
    defer { _offset += length }
    return _bytes[_offset..<_offset + length]
  }

  private mutating func texts() -> [String]? {
    guard let count = integer(), count >= 0, count <= _bytes.count - _offset else { return nil }
    var texts: [String] = []
    texts.reserveCapacity(count)
    for _ in 0..<count {
      guard let text = text() else { return nil }
      texts.append(Self.string(text))
    }
    return texts
  }
}
