/// The id of a rule in BEHAVIOR.md, so that code, tests, the transcript and `explain` name the rule they follow.
public enum RuleID: String, CaseIterable, Sendable, CustomStringConvertible {
  // MARK: - Keys (§3)
  case K1, K1b, K2, K3, K4, K5, K6
  // MARK: - Alerts (§4)
  case P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14
  case D1
  // MARK: - Requests (§5)
  case R1, R1b, R2, R3, R4, R5, R6, R9, R11, R12, R14, R15, R16, R17, R18, R19, R21
  case T1, T2, T3, T4, T5
  // MARK: - Events (§6)
  case E1, E2, E3, E4, E5, E6, E6b, E7, E8, E12
  // MARK: - Callbacks, lifecycle, background, locations (§7–§10)
  case C1, C2, C3, C4, C5, C6, C7
  case L1, L2, L3
  case B1, B2, B3
  case U1, U2, U3, U4
  // MARK: - Settings, Wi-Fi, App Clips (§11–§13)
  case S1, S1b, S2, S3, S4, D2
  case W1
  case A1, A2, A3
  // MARK: - The location button, live updates, monitors, sessions, diagnostics, widgets (§14–§18, §20)
  case LB1, LB2, LB3, LB4, LB5, LB6
  case LU1, LU2, LU3, LU4, MN1, MN2
  case BA1, BA2, BA3, BA4, BA5
  case SS0, SS1, SS2, SS3, SS4, SS5, SS6, SS7, SS8, SS9, SS10, IM1, XS1, AW1
  case DG1, DG2, DG3, DG4, DG5, DG6, DG7, DG8, DG9, DG10
  case WG1
  // MARK: - iOS 26 (§21)
  case N1
  // MARK: - Upgrading iOS in place (§22)
  case UP1, UP2, UP3, UP4, UP5

  public var description: String { rawValue }
}
