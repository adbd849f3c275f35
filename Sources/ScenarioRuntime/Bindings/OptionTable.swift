import LuaBridge
import PermissionModel

/// The options table of a call such as `device { … }`, read with checks that name the option and the function.
///
/// Every string an option hands the model (names, SSIDs, bundle ids, versions, the keys and values of an
/// inline Info.plist) is at most ``maximumStringLength`` bytes: the model keeps them, shows them in the
/// transcript and compares them, so a longer one is an error naming the option.
struct OptionTable {
  /// The longest string, in bytes, that enters the model: 4 KiB.
  static let maximumStringLength = 4096

  private let _function: String
  private let _entries: [LuaValue: LuaValue]

  /// Reads argument `position` of `call` as the options of `function`; unknown keys are errors.
  init(_ call: LuaCall, _ position: Int, function: String, valid: [String], optional: Bool = true) throws {
    _function = function
    switch call.value(position) {
    case .nil where optional:
      _entries = [:]
    case .table(let entries):
      _entries = entries
    default:
      throw LuaCallError.argument(position, "table of options expected, got \(call.typeName(position))")
    }
    // The first unknown key in sorted order, not in the dictionary's order, which differs from run to run.
    let unknown = _entries.keys.lazy.filter { key in key.string.map { !valid.contains($0) } ?? true }
      .map { key in (shown: key.string ?? key.description, name: key.string) }
    if let (shown, name) = unknown.min(by: { $0.shown < $1.shown }) {
      let hint = name.flatMap { Spelling.closest(to: $0, in: valid) }.map { " (did you mean \($0)?)" } ?? ""
      throw LuaCallError.message(
        "unknown option \(shown) to '\(function)'\(hint); options are \(valid.joined(separator: ", "))")
    }
  }

  private func _bad(_ key: String, _ expected: String, _ value: LuaValue) -> LuaCallError {
    .message("bad option '\(key)' to '\(_function)' (\(expected) expected, got \(value.typeName))")
  }

  private func _bounded(_ key: String, _ string: String) throws -> String {
    let length = string.utf8.count
    guard length <= Self.maximumStringLength else {
      throw LuaCallError.message(
        "bad option '\(key)' to '\(_function)' (at most \(Self.maximumStringLength) bytes, got \(length))")
    }
    return string
  }

  /// The length of the longest string in `value` (keys of nested tables included).
  private static func longestString(in value: LuaValue) -> Int {
    switch value {
    case .string(let string): string.utf8.count
    case .bytes(let bytes): bytes.count
    case .table(let entries):
      entries.reduce(0) { longest, entry in max(longest, longestString(in: entry.key), longestString(in: entry.value)) }
    default: 0
    }
  }

  /// Whether the option is given.
  func has(_ key: String) -> Bool { _entries[.string(key)] != nil }

  /// A string option.
  func string(_ key: String) throws -> String? {
    guard let value = _entries[.string(key)] else { return nil }
    guard case .string(let string) = value else { throw _bad(key, "string", value) }
    return try _bounded(key, string)
  }

  /// A version option: a string, or a number such as `14` or `13.4`.
  func version(_ key: String) throws -> String? {
    guard let value = _entries[.string(key)] else { return nil }
    switch value {
    case .string(let string): return try _bounded(key, string)
    case .integer(let integer): return String(integer)
    case .number(let number): return String(number)
    default: throw _bad(key, "version string", value)
    }
  }

  /// A Boolean option.
  func boolean(_ key: String) throws -> Bool? {
    guard let value = _entries[.string(key)] else { return nil }
    guard case .boolean(let boolean) = value else { throw _bad(key, "boolean", value) }
    return boolean
  }

  /// A number option.
  func number(_ key: String) throws -> Double? {
    guard let value = _entries[.string(key)] else { return nil }
    guard let number = value.number else { throw _bad(key, "number", value) }
    return number
  }

  /// A table option, copied.
  func table(_ key: String) throws -> LuaValue? {
    guard let value = _entries[.string(key)] else { return nil }
    guard case .table = value else { throw _bad(key, "table", value) }
    let longest = Self.longestString(in: value)
    if longest > Self.maximumStringLength {
      throw LuaCallError.message(
        "bad option '\(key)' to '\(_function)' (at most \(Self.maximumStringLength) bytes, got \(longest))")
    }
    return value
  }

  /// A list of strings.
  func stringList(_ key: String) throws -> [String]? {
    guard let value = _entries[.string(key)] else { return nil }
    guard let elements = value.array, let strings = Optional(elements.compactMap(\.string)), strings.count == elements.count else {
      throw _bad(key, "list of strings", value)
    }
    return try strings.map { try _bounded(key, $0) }
  }
}

extension LuaCall {
  /// Argument `position` as a string that enters the model (a label, a purpose key): at most 4 KiB.
  func modelString(_ position: Int) throws -> String {
    let string = try string(position)
    let length = string.utf8.count
    guard length <= OptionTable.maximumStringLength else {
      throw LuaCallError.argument(position, "at most \(OptionTable.maximumStringLength) bytes, got \(length)")
    }
    return string
  }

  /// Argument `position` as an iOS version as written: a string such as "13.4", or a number such as 14
  /// (as `device { ios = … }` takes it).
  func versionText(_ position: Int) throws -> String {
    switch value(position) {
    case .string: return try modelString(position)
    case .integer(let integer): return String(integer)
    case .number(let number): return String(number)
    default: throw LuaCallError.argument(position, "version string expected, got \(typeName(position))")
    }
  }
}
