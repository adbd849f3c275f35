/// Where an alert's message comes from (K5: texts arrive in `InfoPlist` already localized).
public enum AlertMessage: Hashable, Sendable {
  /// The alert has no message.
  case none
  /// The usage description under this key; absent when the Info.plist lacks it (P1).
  case usageDescription(UsageDescriptionKey)
  /// The first of these usage descriptions the app has (K1b: P8 for an app linked before 11).
  case firstUsageDescription([UsageDescriptionKey])
  /// The purpose key's text from `NSLocationTemporaryUsageDescriptionDictionary` (K4).
  case purposeText
}
