/// The BEHAVIOR.md rules about Info.plist keys (§3) that the loader applies.
public enum KeyRule: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// A request needs its usage description, a non-empty String.
  case k1 = "K1"
  /// `NSLocationDefaultAccuracyReduced` counts only as a Boolean `true`.
  case k3 = "K3"
  /// `NSLocationTemporaryUsageDescriptionDictionary`: purpose key → text, localized by purpose key.
  case k4 = "K4"
  /// Alert texts come from the locale's InfoPlist.strings, else the Info.plist value.
  case k5 = "K5"
  /// `UIBackgroundModes` containing `location` is the background capability.
  case k6 = "K6"
  /// `NSLocationRequireExplicitServiceSession` counts only as a Boolean `true` (iOS 18+).
  case xs1 = "XS1"

  /// The rule's id: `K1`, `K3`…
  public var description: String { rawValue }
}
