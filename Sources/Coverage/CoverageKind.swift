/// What coverage counts, by the names `--coverage-min` and the reports use.
public enum CoverageKind: String, CaseIterable, Sendable, Codable {
  /// The edges of the version's diagram (`permsim explain`).
  case transitions
  /// The alerts the diagram shows.
  case alerts
  /// Their buttons.
  case buttons
  /// The rules that hold on the version.
  case rules
  /// Each Settings option, from each state Settings can change.
  case settings

  /// The console's and the Markdown table's name: `Settings choices` for `settings`.
  public var title: String { self == .settings ? "Settings choices" : rawValue }
}
