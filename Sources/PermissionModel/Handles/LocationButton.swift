/// An app's `CLLocationButton` (CoreLocationUI): on the app's screen, tapped by the user (LB1–LB6).
public final class LocationButton {
  let world: World
  let app: AppID

  init(world: World, app: AppID) {
    self.world = world
    self.app = app
  }

  /// The button's id: its app's (one button per app).
  public var entityID: EntityID<App> { app }
  /// The app it belongs to.
  public var owner: App { App(world: world, id: app) }

  /// The user taps it (LB1–LB6).
  public func tap() throws(MisuseError) { try world.tapLocationButton(app) }
}

extension App {
  /// The app's location button (15+).
  public func locationButton() throws(MisuseError) -> LocationButton {
    try world.require(.locationButton, "CLLocationButton", on: id)
    guard state != .notRunning else {
      throw MisuseError(.lifecycle, "“\(name)” is not running; launch() it before showing its location button")
    }
    return LocationButton(world: world, app: id)
  }
}
