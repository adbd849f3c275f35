/// An alert as it appeared, kept in the transcript as values and put into words only when the transcript is read.
///
/// Every alert of every case appears once; a passed case's transcript is never read, so its alerts'
/// lines are never written.
public struct ShownAlert: Hashable, Sendable {
  /// The alert's number on its device (`alert#n`).
  public let number: Int
  /// Which alert it is (P1 … P14).
  public let id: RuleID
  /// What it is about.
  public let kind: AlertKind
  /// The title as shown, in the device's language (Z0).
  public let title: String
  /// The message as shown, if any.
  public let message: String?
  /// The button labels as shown, in display order (Z0).
  public let buttons: [String]
  /// The Precise switch as shown (A3), if the alert has one.
  public let preciseSwitch: Switch?
  /// The map, if the alert has one.
  public let map: AlertMap?
  /// The app the alert is about (its name as titles show it).
  public let app: String
  /// The device's iOS version, which decides the alert's texts and look.
  public let version: OSVersion
  /// The language of the device's system texts (Z0).
  public let language: String

  /// The transcript line: `alert#1 P7 authorization: “Title” — message [Button] [Button], Precise on, map precise`.
  public var line: String {
    var line = "alert#\(number) \(id.rawValue) \(kind.rawValue): “\(title)”"
    if let message { line += " — " + message }
    line += " "
    for (index, button) in buttons.enumerated() {
      line += index == 0 ? "[" : " ["
      line += button + "]"
    }
    if let preciseSwitch { line += ", " + preciseSwitch.label + (preciseSwitch.isOn ? " on" : " off") }
    if let map { line += ", map " + map.rawValue }
    return line
  }

  /// At least the bytes of ``line``, counted against the transcript's limit without writing it.
  var estimatedBytes: Int {
    96 + title.utf8.count + (message?.utf8.count ?? 0) + buttons.reduce(0) { $0 + $1.utf8.count + 3 }
      + (preciseSwitch?.label.utf8.count ?? 0)
  }

  /// A switch on an alert: its label in the device's language and whether it is on.
  public struct Switch: Hashable, Sendable {
    public let label: String
    public let isOn: Bool
  }
}
