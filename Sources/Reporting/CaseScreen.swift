/// What a device showed at one line of a case's transcript, kept as values so reports can draw it.
///
/// The console, JUnit, TAP and JSON reports print the transcript's text; the HTML report draws these
/// next to the line they belong to.
public struct CaseScreen: Sendable, Hashable, Codable {
  /// The index in the case's transcript of the line that showed it.
  public var line: Int
  /// What was on the screen.
  public var content: Content

  public init(line: Int, content: Content) {
    self.line = line
    self.content = content
  }

  /// An alert, or the app's Settings screen after a Settings step.
  public enum Content: Sendable, Hashable, Codable {
    /// A system alert, with the button tapped on it once it was answered.
    case alert(AlertScreen)
    /// The app's Location screen in Settings, with the selection after the step.
    case settings(SettingsScreen)
  }
}
