/// The REPL's Lua, from the `.lua` files in `Lua/` that the build embeds in the binary.
enum LuaSource {
  /// The keeper and binder of persisted locals (``ReplLocals``): `support.names` maps each persisted name to whether it is `<const>`.
  static let replLocals = PackageResources.repl_locals_lua
  /// `support.prompt(name)`: the prompt global, read raw from the globals and converted by `tostring`.
  static let replPrompt = PackageResources.repl_prompt_lua
  /// `support.wrap(f)`: runs a line's chunk and returns its values as Lua writes them (tables nested and bounded).
  static let replShow = PackageResources.repl_show_lua
  /// What `--plist` runs: globals `phone`, `app` (installed and launched) and `manager`, which every line sees.
  static let replPrepare = PackageResources.repl_prepare_lua
}
