import LuaBridge
import PermissionModel

/// The options table of a call such as `device { … }`, read with checks that name the option and the function.
struct OptionTable {
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

  /// Whether the option is given.
  func has(_ key: String) -> Bool { _entries[.string(key)] != nil }

  /// A string option.
  func string(_ key: String) throws -> String? {
    guard let value = _entries[.string(key)] else { return nil }
    guard case .string(let string) = value else { throw _bad(key, "string", value) }
    return string
  }

  /// A version option: a string, or a number such as `14` or `13.4`.
  func version(_ key: String) throws -> String? {
    guard let value = _entries[.string(key)] else { return nil }
    switch value {
    case .string(let string): return string
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
    return value
  }

  /// A list of strings.
  func stringList(_ key: String) throws -> [String]? {
    guard let value = _entries[.string(key)] else { return nil }
    guard let elements = value.array, let strings = Optional(elements.compactMap(\.string)), strings.count == elements.count else {
      throw _bad(key, "list of strings", value)
    }
    return strings
  }
}
