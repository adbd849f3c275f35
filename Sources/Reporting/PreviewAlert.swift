/// An alert of `permsim preview` in one language, with the findings that affect it.
public struct PreviewAlert: Sendable, Hashable {
  /// The alert as the device draws it.
  public var screen: AlertScreen
  /// What to tell the reviewer beside it: lint's findings on its texts, a translation it falls back from.
  public var notes: [Note]

  public init(screen: AlertScreen, notes: [Note] = []) {
    self.screen = screen
    self.notes = notes
  }

  /// One remark beside an alert.
  public struct Note: Sendable, Hashable {
    /// `error`, `warning` or `info`, as lint grades findings.
    public var severity: String
    /// The remark, with its rule id.
    public var text: String

    public init(severity: String, text: String) {
      self.severity = severity
      self.text = text
    }
  }
}
