import LuaBridge

/// The REPL's persistent locals: a top-level `local` of one line stays visible, as the same variable, to the lines after it.
///
/// lua.c compiles every line as a chunk of its own, so a line's locals end with it. Here a line is
/// compiled as a function nested in a header that declares the persisted names the line mentions:
///
///     local x, k <const>; local _PERMSIM_REPL = ...; return function(...) <the line>
///     ;_PERMSIM_REPL.keep("y", false, function() return y end)
///     end
///
/// ### Implementation
///
/// Before the line runs, each of its upvalues named after a persisted local is joined
/// (`debug.upvaluejoin`) to the variable itself: the cell its declaring line left behind, which every
/// closure that captured it shares. So the lines behave as one growing function: assignments persist
/// (even from a line that fails later), closures see them, and a new `local x` shadows the old `x`
/// without changing what earlier closures captured. The call appended to the line's top level
/// (inserted before a final `return`) hands over one reader closure per local it declared: the last
/// declaration of a name wins. The header sits on the line's first line, so positions in messages
/// are the author's.
///
/// - `local function f` and `local a, b = …` persist like any local.
/// - A `<const>` local stays constant: later lines declare it `<const>`, so assigning it is a compile
///   error. A compile-time constant (`local k <const> = 5`) has no variable; it gets a fresh one.
/// - A `<close>` local is closed when its line ends, as in lua.c, and is not kept.
/// - A line that fails, or returns from inside a block, keeps none of its new locals.
/// - `_PERMSIM_REPL` is reserved (Lua reserves names of an underscore and capitals); a local of that name is not kept.
final class ReplLocals {
  /// The local through which a line hands over its new locals (and an expression its values).
  static let keeperName = "_PERMSIM_REPL"

  private let _state: LuaState
  private let _support: LuaTable
  private let _bind: LuaFunction

  /// Installs the cells' keeper in `state` (trusted code with the debug library, never published).
  init(state: LuaState) throws(LuaError) {
    _state = state
    _support = state.makeTable()
    try state.call(state.load(LuaSource.replLocals, chunkName: "=[permsim]"), _support, state.debugLibrary())
    guard let bind = _support.function("bind") else {
      preconditionFailure("the REPL's support chunk MUST publish bind")
    }
    _bind = bind
  }

  /// The names of the persisted locals, each with whether it is `<const>`.
  var persisted: [String: Bool] {
    guard case .table(let entries) = _support["names"] else { return [:] }
    var names: [String: Bool] = [:]
    for (key, value) in entries {
      if let name = key.string { names[name] = value.boolean ?? false }
    }
    return names
  }

  /// Compiles the statements `source`, which compile alone, into a function that sees the persisted locals and keeps its own.
  ///
  /// When keeping its locals makes the line invalid (a `goto` to a label that must end the chunk),
  /// the line runs without keeping them. A line that assigns a persisted `<const>` does not compile.
  func compile(statements source: String, chunkName: String) throws(LuaError) -> LuaFunction {
    let bytes = Array(source.utf8)
    let chunk = ReplChunk(bytes)
    let header = Array(Self.header(declaring: persisted, mentionedIn: chunk.names).utf8)
    let keeper = Self.keeper(of: chunk.locals)
    if !keeper.isEmpty {
      let insertion = chunk.finalReturn ?? bytes.count
      var text = header
      text += bytes[..<insertion]
      text += (chunk.finalReturn == nil ? "\n" + keeper : keeper).utf8
      text += bytes[insertion...]
      text += "\nend".utf8
      do {
        return try line(text, chunkName: chunkName)
      } catch {
        return try line(header + bytes + Array("\nend".utf8), chunkName: chunkName)
      }
    }
    return try line(header + bytes + Array("\nend".utf8), chunkName: chunkName)
  }

  /// Compiles the expression list `source` (valid after `return`) into a function returning its values.
  ///
  /// The values pass through a function call rather than `return f()`, a tail call, which would take
  /// the line's frame off the stack while `f` runs: errors and failed expectations could not say where
  /// they happened. The call closes on the same line (a final line comment is dropped), so that
  /// instructions are not put on the next line.
  func compile(expressions source: String, chunkName: String) throws(LuaError) -> LuaFunction {
    let bytes = Array(source.utf8)
    let chunk = ReplChunk(bytes)
    var text = Array(Self.header(declaring: persisted, mentionedIn: chunk.names).utf8)
    text += "return \(Self.keeperName).values(".utf8
    text += bytes[..<(chunk.finalComment ?? bytes.count)]
    text += ")\nend".utf8
    return try line(text, chunkName: chunkName)
  }

  private func line(_ text: [UInt8], chunkName: String) throws(LuaError) -> LuaFunction {
    let header = try _state.load(text, chunkName: chunkName)
    try _state.call(_bind, header)
    guard let line = _support.function("line") else {
      preconditionFailure("the REPL's bind MUST leave the line's function in support.line")
    }
    return line
  }

  // MARK: - Source

  /// `local a, k <const>; local _PERMSIM_REPL = ...; return function(...) `: one line, no line break.
  ///
  /// A persisted `_ENV` is always declared: every global name the line uses goes through it.
  static func header(declaring persisted: [String: Bool], mentionedIn names: Set<String>) -> String {
    let declared = persisted.keys.filter { (names.contains($0) || $0 == "_ENV") && $0 != keeperName }.sorted()
    var header = ""
    if !declared.isEmpty {
      header = "local " + declared.map { persisted[$0] == true ? "\($0) <const>" : $0 }.joined(separator: ", ") + "; "
    }
    return header + "local \(keeperName) = ...; return function(...) "
  }

  /// `;_PERMSIM_REPL.keep("a", false, function() return a end, …);`, or "" when the chunk declares nothing to keep.
  static func keeper(of locals: [ReplChunk.Local]) -> String {
    var last: [String: ReplChunk.Attribute] = [:]
    var order: [String] = []
    for local in locals where local.name != keeperName {
      if last.updateValue(local.attribute, forKey: local.name) == nil { order.append(local.name) }
    }
    let kept = order.filter { last[$0] != .close }
    guard !kept.isEmpty else { return "" }
    let arguments = kept.map { name in "\"\(name)\", \(last[name] == .const), function() return \(name) end" }
    return ";\(keeperName).keep(" + arguments.joined(separator: ", ") + ");"
  }

}
