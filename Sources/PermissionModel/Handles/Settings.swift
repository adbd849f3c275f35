/// The Settings app of a device: per-app location options and device-wide switches (S1–S3, E4–E8).
public final class Settings {
  let world: World
  let device: DeviceID

  init(world: World, device: DeviceID) {
    self.world = world
    self.device = device
  }

  /// The options the screen lists for the app, as iOS labels them (S1).
  public func options(for app: App) -> [String] { world.settingsOptions(app.id) }

  /// The selected label, or `nil` when none is (S2).
  public func selection(for app: App) -> String? { world.settingsSelection(app.id) }

  /// Selects one of `options(for:)` (E6).
  ///
  /// - Throws: `MisuseError` listing the options when `label` is not one, or when the app is restricted.
  public func select(_ label: String, for app: App) throws(MisuseError) {
    try world.selectSetting(app.id, label)
  }

  /// The Precise Location switch, `nil` before iOS 14 (S3).
  public func precise(for app: App) -> Bool? { world.settingsPrecise(app.id) }

  /// Flips the Precise Location switch (E6, S3).
  ///
  /// - Throws: `MisuseError` before iOS 14.
  public func setPrecise(_ on: Bool, for app: App) throws(MisuseError) {
    try world.setSettingsPrecise(app.id, on)
  }

  /// The device-wide Location Services switch (E4, E5).
  public func setLocationServices(_ on: Bool) { world.setLocationServices(device, on) }

  /// Parental controls or device management (E8).
  public func setRestricted(_ on: Bool, for app: App) { world.setRestricted(app.id, on) }

  /// Reset Location & Privacy (E7).
  public func resetLocationAndPrivacy() { world.resetLocationAndPrivacy(device) }
}
