/// A Lua error that reached the host, copied out of its state at once.
public struct LuaError: Error, CustomStringConvertible {
  /// What kind of failure it was.
  public enum Kind: String, Sendable {
    /// The source did not compile.
    case syntax
    /// The code raised an error.
    case runtime
    /// The state ran past its memory limit.
    case memory
    /// The code ran past its instruction budget, or too deep (stack overflow).
    case budget
  }

  /// What kind of failure it was.
  public let kind: Kind
  /// The message: the error string as Lua has it (position included), or the error value's `__tostring`.
  public let message: String
  /// Where the error was raised: from the message, else from the first Lua frame of the traceback.
  public let location: LuaLocation?
  /// The stack traceback (`stack traceback:` and one line per frame), when the error came from running code.
  public let traceback: String?
  /// The error value when it is not a string (a table raised by `error { … }`), copied deeply.
  public let value: LuaValue?
  /// The host object when the error value is a userdata whose object is a ``LuaErrorRecord``: a
  /// typed record the host made and Lua raised (Lua code cannot make one of its own).
  public let record: (any LuaErrorRecord)?

  public init(
    kind: Kind, message: String, traceback: String? = nil, value: LuaValue? = nil,
    record: (any LuaErrorRecord)? = nil
  ) {
    self.kind = kind
    self.message = message
    self.traceback = traceback
    self.value = value
    self.record = record
    location = LuaLocation(prefixOf: message[...]) ?? traceback.flatMap(LuaLocation.init(firstFrameOf:))
  }

  /// The message, then the traceback if there is one.
  public var description: String {
    traceback.map { "\(message)\n\($0)" } ?? message
  }
}

/// A host object that Lua code may raise as an error value and that comes back whole in ``LuaError/record``.
public protocol LuaErrorRecord: AnyObject, Sendable {
  /// The record as a userdata to raise (its type's ``LuaObjectType/wrap(_:)``).
  var asLuaObject: LuaObject { get }
}
