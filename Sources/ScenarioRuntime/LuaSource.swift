/// The scenario language's Lua, from the `.lua` files in `Lua/` that the build embeds in the binary.
///
/// `prelude.lua` is the test language (registration, the case runner, matchers, the `expect_*`
/// checks); `loader.lua` is trusted code run once per engine that makes each case's environment and
/// prelude instance. Both are Lua a reader can open, and `luac -p` checks them (SourceRulesTests).
enum LuaSource {
  /// The test language, loaded into every state as bytecode compiled once per run.
  static let prelude = PackageResources.prelude_lua
  /// Frames of the prelude show as `[permsim]` in tracebacks.
  static let preludeChunk = "=[permsim]"
  /// The loader, run once per engine.
  static let loader = PackageResources.loader_lua
  /// Frames of the loader show as `[permsim loader]`.
  static let loaderChunk = "=[permsim loader]"
}
