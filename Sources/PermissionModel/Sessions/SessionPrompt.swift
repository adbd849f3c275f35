/// An alert the iOS 15+ objects raise on the app's behalf (§14–§17 conventions).
public enum SessionPrompt: Hashable, Sendable {
  /// P7, as `requestWhenInUseAuthorization` (SS2, IM1, SS8) or as R9 for an `always` session (SS7).
  case whenInUse(forAlways: Bool)
  /// P8, the one Always upgrade (SS5).
  case always
  /// P9 with the session's purpose key (SS9).
  case fullAccuracy(purposeKey: String)

  /// Whether the prompt asks for authorization (DG6), as opposed to full accuracy.
  public var asksForAuthorization: Bool {
    switch self {
    case .whenInUse, .always: true
    case .fullAccuracy: false
    }
  }
}
