/// When the Settings screen lists an option for an app (S1).
public enum OptionCondition: Hashable, Sendable {
  /// Always listed.
  case listed
  /// Never listed.
  case hidden
  /// Listed when the Info.plist has this usage description.
  case whenKey(UsageDescriptionKey)
  /// Listed when the Info.plist has any of these usage descriptions (S1 from 11, K1b).
  case whenAnyKey([UsageDescriptionKey])

  /// Whether an app with these keys gets the option.
  public func holds(for keys: Set<UsageDescriptionKey>) -> Bool {
    switch self {
    case .listed: true
    case .hidden: false
    case .whenKey(let key): keys.contains(key)
    case .whenAnyKey(let any): any.contains(where: keys.contains)
    }
  }
}
