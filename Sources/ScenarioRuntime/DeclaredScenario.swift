import PermissionModel

/// One scenario as a scenario file registered it, before the run's options expand and select it.
public struct DeclaredScenario: Sendable, Equatable, Codable {
  /// The iOS versions a scenario asks for in `options.ios`.
  public enum Versions: Sendable, Equatable, Codable {
    /// No `ios` option: the run's `--ios` list, else the newest version the model supports.
    case unpinned
    /// `ios = "13.4"`: one case on that version, named without a suffix.
    case pinned(RequestedVersion)
    /// `ios = { "13.0", "14.0" }`: one case per version, each named `name [iOS X]`.
    case matrix([RequestedVersion])
  }

  /// Position in the file's registration order, starting at 1.
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
  /// 1 for the first registration of this name at this line, 2 for the second (a loop), and so on.
  public var occurrence: Int
  /// The name's bytes when they are not valid UTF-8, else nil.
  public var rawName: [UInt8]?
  /// The registered name's digest when `name` was shortened for reports (``ScenarioIdentity/nameDigest``).
  public var nameDigest: UInt64?

  /// What a case of this scenario runs by (``ScenarioEngine/run(_:named:of:iosVersion:)``).
  public var identity: ScenarioIdentity {
    ScenarioIdentity(index: index, name: name, line: line, occurrence: occurrence, rawName: rawName, nameDigest: nameDigest)
  }

  public init(
    index: Int, name: String, line: Int, tags: [String] = [], versions: Versions = .unpinned, skipReason: String? = nil,
    occurrence: Int = 1, rawName: [UInt8]? = nil, nameDigest: UInt64? = nil
  ) {
    self.nameDigest = nameDigest
    self.index = index
    self.name = name
    self.line = line
    self.tags = tags
    self.versions = versions
    self.skipReason = skipReason
    self.occurrence = occurrence
    self.rawName = rawName
  }
}
