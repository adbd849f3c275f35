import LuaBridge

/// A Lua pattern (`--pattern`, `--filter`), matched with Lua's own `string.find` so it means what it means in Lua.
public final class LuaPattern {
  /// The pattern as given.
  public let pattern: String
  private let _state = LuaState()
  private let _find: LuaFunction

  /// Compiles `pattern`; a malformed one (`"[a"`) is an error with Lua's message.
  public init(_ pattern: String) throws(LuaError) {
    self.pattern = pattern
    _find = try _state.load("local s, p = ...; return string.find(s, p) ~= nil", chunkName: "=pattern")
    _ = try _state.call(_find, "", pattern)
  }

  /// Whether the pattern occurs in `text`.
  public func matches(_ text: String) -> Bool {
    (try? _state.call(_find, text, pattern).first?.boolean) == true
  }
}
