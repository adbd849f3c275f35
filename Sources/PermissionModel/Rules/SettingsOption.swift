/// A choice on an app's Location page in Settings (S1, E6).
public enum SettingsOption: String, CaseIterable, Sendable, CustomStringConvertible {
  /// `Never` → DEN.
  case never
  /// `Ask Next Time` (13–14) or `Ask Next Time Or When I Share` (15+) → ND.
  case askNextTime
  /// `While Using the App` → WIU.
  case whileUsing
  /// `Always` → AA, permanent.
  case always

  /// The state choosing it sets (E6).
  public var result: AuthorizationState {
    switch self {
    case .never: .denied
    case .askNextTime: .notDetermined
    case .whileUsing: .whenInUse
    case .always: .always
    }
  }

  /// The option a state shows as selected (S2), before the labels of a version are applied.
  public static func selected(for state: AuthorizationState) -> SettingsOption? {
    switch state {
    case .denied: .never
    case .notDetermined, .temporaryWhenInUse: .askNextTime
    case .whenInUse, .provisionalAlways: .whileUsing
    case .always: .always
    case .restricted: nil
    }
  }

  public var description: String { rawValue }
}
