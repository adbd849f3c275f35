/// The id of a rule in BEHAVIOR.md, so that code, tests, the transcript and `explain` name the rule they follow.
public enum RuleID: String, CaseIterable, Sendable, CustomStringConvertible {
  // MARK: - Keys (§3)
  case K1, K1b, K2, K3, K4, K5, K6
  // MARK: - Alerts (§4)
  case P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P14
  case D1
  // MARK: - Requests (§5)
  case R1, R1b, R2, R3, R4, R5, R6, R9, R11, R12, R14, R15, R16, R17, R18, R19, R21
  case T1, T2, T3, T4, T5
  // MARK: - Events (§6)
  case E1, E2, E3, E4, E5, E6, E7, E8, E12
  // MARK: - Callbacks, lifecycle, background, locations (§7–§10)
  case C1, C2, C3, C4, C5, C6, C7
  case L1, L2, L3
  case B1, B2, B3
  case U1, U2, U3, U4
  // MARK: - Settings, Wi-Fi, App Clips (§11–§13)
  case S1, S2, S3, D2
  case W1
  case A1, A2, A3
  // MARK: - iOS 26 (§21)
  case N1

  public var description: String { rawValue }
}
