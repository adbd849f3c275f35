import LuaBridge
import PermissionModel

extension LocationButton {
  /// `app:location_button()`: a `CLLocationButton` on the app's screen (SCENARIO_API §12).
  static let members = MemberTable<LocationButton>(
    "CLLocationButton", "The app's location button (iOS 15+), returned by `app:location_button()`.",
    key: { $0.entityID.rawValue }, version: { $0.owner.device.ios }, describe: { "CLLocationButton(\($0.owner.name))" },
    members: [
      .method("tap", "The user taps it: P12 the first time, then a one-time grant at once (LB1–LB6).") { button, call in
        try call.session.act(&call) { try button.tap() }
      }
    ]
  )
}
