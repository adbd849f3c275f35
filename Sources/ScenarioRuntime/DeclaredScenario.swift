/// One scenario as a scenario file registered it, before the run's options expand and select it.
public struct DeclaredScenario: Sendable, Equatable, Codable {
  /// The iOS versions a scenario asks for in `options.ios`.
  public enum Versions: Sendable, Equatable, Codable {
    /// No `ios` option: the run's `--ios` list, else the newest version the model supports.
    case unpinned
    /// `ios = "13.4"`: one case on that version, named without a suffix.
    case pinned(String)
    /// `ios = { "13.0", "14.0" }`: one case per version, each named `name [iOS X]`.
    case matrix([String])
  }

  /// Position in the file's registration order, starting at 1; the runtime runs a case by it.
  public var index: Int
  /// The full name: enclosing `describe` names and the scenario's, joined with ` › `.
  public var name: String
  /// The line of the `scenario(…)` or `pending(…)` call.
  public var line: Int
  /// `options.tags`.
  public var tags: [String]
  /// `options.ios`.
  public var versions: Versions
  /// Why the scenario is skipped (`pending`, `options.skip`), or nil when it runs.
  public var skipReason: String?

  public init(index: Int, name: String, line: Int, tags: [String] = [], versions: Versions = .unpinned, skipReason: String? = nil) {
    self.index = index
    self.name = name
    self.line = line
    self.tags = tags
    self.versions = versions
    self.skipReason = skipReason
  }
}
