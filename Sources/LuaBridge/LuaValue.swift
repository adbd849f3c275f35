/// A Lua value copied out of a state, or to be pushed into one.
///
/// Tables are copied deeply into `.table`; a list is a table whose keys are `1...n` (see ``array``).
/// Values that cannot leave their state (functions, userdata, threads) become `.opaque` with their
/// type name, as are tables that refer back to themselves.
public enum LuaValue: Hashable, Sendable {
  /// Lua's `nil`.
  case `nil`
  /// A boolean.
  case boolean(Bool)
  /// A number of the integer subtype.
  case integer(Int)
  /// A number of the float subtype.
  case number(Double)
  /// A string holding valid UTF-8.
  case string(String)
  /// A string that is not valid UTF-8, byte for byte.
  case bytes([UInt8])
  /// A table, copied deeply.
  case table([LuaValue: LuaValue])
  /// A value that cannot be copied out of its state, by type name (`__name` for userdata).
  case opaque(String)
}

// MARK: - Reading

extension LuaValue {
  /// The string, or `nil` if the value is not a string (invalid UTF-8 is decoded with U+FFFD).
  public var string: String? {
    switch self {
    case .string(let string): string
    case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
    default: nil
    }
  }

  /// The integer, or `nil` unless the value is an integer or a float with an exact integer value.
  public var integer: Int? {
    switch self {
    case .integer(let integer): integer
    case .number(let number): Int(exactly: number)
    default: nil
    }
  }

  /// The number as a `Double`, or `nil` if the value is not a number.
  public var number: Double? {
    switch self {
    case .integer(let integer): Double(integer)
    case .number(let number): number
    default: nil
    }
  }

  /// The boolean, or `nil` if the value is not a boolean.
  public var boolean: Bool? {
    if case .boolean(let boolean) = self { boolean } else { nil }
  }

  /// Whether Lua treats the value as true (everything but `nil` and `false`).
  public var isTruthy: Bool {
    switch self {
    case .nil, .boolean(false): false
    default: true
    }
  }

  /// The elements of a table whose keys are exactly `1...n` (an empty table gives `[]`), else `nil`.
  public var array: [LuaValue]? {
    guard case .table(let table) = self else { return nil }
    var elements: [LuaValue] = []
    elements.reserveCapacity(table.count)
    while let element = table[.integer(elements.count + 1)] { elements.append(element) }
    return elements.count == table.count ? elements : nil
  }

  /// The field `key` of a table, or `.nil` (also when the value is not a table).
  public subscript(key: String) -> LuaValue {
    if case .table(let table) = self { table[.string(key)] ?? .nil } else { .nil }
  }

  /// The element at `position` (1-based) of a table, or `.nil`.
  public subscript(position: Int) -> LuaValue {
    if case .table(let table) = self { table[.integer(position)] ?? .nil } else { .nil }
  }

  /// The name Lua's `type` gives the value (`.opaque` gives the name it holds).
  public var typeName: String {
    switch self {
    case .nil: "nil"
    case .boolean: "boolean"
    case .integer, .number: "number"
    case .string, .bytes: "string"
    case .table: "table"
    case .opaque(let name): name
    }
  }
}

// MARK: - Literals

extension LuaValue: ExpressibleByNilLiteral {
  /// Creates `.nil`.
  public init(nilLiteral: ()) { self = .nil }
}

extension LuaValue: ExpressibleByBooleanLiteral {
  /// Creates a boolean.
  public init(booleanLiteral value: Bool) { self = .boolean(value) }
}

extension LuaValue: ExpressibleByIntegerLiteral {
  /// Creates an integer.
  public init(integerLiteral value: Int) { self = .integer(value) }
}

extension LuaValue: ExpressibleByFloatLiteral {
  /// Creates a float.
  public init(floatLiteral value: Double) { self = .number(value) }
}

extension LuaValue: ExpressibleByStringLiteral {
  /// Creates a string.
  public init(stringLiteral value: String) { self = .string(value) }
}

extension LuaValue: ExpressibleByArrayLiteral {
  /// Creates a list: a table with keys `1...n`.
  public init(arrayLiteral elements: LuaValue...) { self = .list(elements) }
}

extension LuaValue: ExpressibleByDictionaryLiteral {
  /// Creates a table (a repeated key keeps its last value).
  public init(dictionaryLiteral elements: (LuaValue, LuaValue)...) {
    self = .table(Dictionary(elements, uniquingKeysWith: { $1 }))
  }
}

extension LuaValue {
  /// A list: a table with keys `1...n`.
  public static func list(_ elements: some Sequence<LuaValue>) -> LuaValue {
    var table: [LuaValue: LuaValue] = [:]
    for (offset, element) in elements.enumerated() { table[.integer(offset + 1)] = element }
    return .table(table)
  }
}

// MARK: - Description

extension LuaValue: CustomStringConvertible {
  /// The value in Lua syntax (strings quoted, table fields sorted), for messages and tests.
  public var description: String {
    switch self {
    case .nil: "nil"
    case .boolean(let boolean): String(boolean)
    case .integer(let integer): String(integer)
    case .number(let number): String(number)
    case .string(let string): "\"\(string)\""
    case .bytes(let bytes): "\"\(String(decoding: bytes, as: UTF8.self))\""
    case .opaque(let name): "<\(name)>"
    case .table(let table) where table.isEmpty: "{}"
    case .table(let table):
      if let elements = array {
        "{ " + elements.map(\.description).joined(separator: ", ") + " }"
      } else {
        "{ " + table.map { "[\($0.key)] = \($0.value)" }.sorted().joined(separator: ", ") + " }"
      }
    }
  }
}
