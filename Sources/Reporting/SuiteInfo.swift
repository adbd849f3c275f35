/// One scenario file of a run.
public struct SuiteInfo: Sendable, Hashable {
  /// The file's path relative to the run's root, with `/` separators (`onboarding/first_launch.lua`).
  public var path: String

  public init(path: String) {
    self.path = path
  }
}
