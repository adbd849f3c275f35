/// A system alert: its kind, texts, buttons, Precise switch and map, answered by tapping a label.
///
/// A handle into its world; it keeps its texts after the alert is answered.
public final class Alert: Hashable {
  let world: World
  let id: AlertID

  init(world: World, id: AlertID) {
    self.world = world
    self.id = id
  }

  private var record: AlertRecord { world[id] }

  /// The sequence number of the alert on its device, from 1.
  public var number: Int { record.number }
  /// The alert's id in BEHAVIOR.md (P1 … P11).
  public var rule: RuleID { record.template.id }
  /// What the alert is about.
  public var kind: AlertKind { record.template.kind }
  /// The title, with the app's name inside “ ”, in the device's language (Z0).
  public var title: String { record.title }
  /// The message, or `nil` when the alert has none.
  public var message: String? { record.message }
  /// The button labels in display order, as shown in the device's language (Z0).
  public var buttons: [String] { record.buttons }
  /// The Precise switch: `nil` when the alert has none (P7 on 14+ without K3 has one).
  public var precise: Bool? { record.precise }
  /// The map: `nil`, precise or approximate.
  public var map: AlertMap? { record.map }
  /// The app the alert is about.
  public var app: App { App(world: world, id: record.app) }
  /// Whether the alert is still showing.
  public var isShowing: Bool { world[record.device].currentAlert == id }
  /// The label that was tapped, as shown, once answered.
  public var tappedButton: String? { record.tapped }

  /// Taps a button by its label as shown, its English label or a documented alternative (Z0, SCENARIO_API §5);
  /// straight and curly apostrophes match each other.
  ///
  /// - Throws: `MisuseError` listing the buttons as shown when the label is not one, or when the alert is gone.
  public func tap(_ label: String) throws(MisuseError) {
    try world.tap(id, label)
  }

  /// Flips the Precise switch.
  ///
  /// - Throws: `MisuseError` when the alert has no switch or is gone.
  public func setPrecise(_ on: Bool) throws(MisuseError) {
    try world.setPrecise(id, on)
  }

  public static func == (lhs: Alert, rhs: Alert) -> Bool {
    lhs.world === rhs.world && lhs.id == rhs.id
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(world))
    hasher.combine(id)
  }
}
