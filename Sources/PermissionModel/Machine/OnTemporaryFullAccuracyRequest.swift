/// What the caller must do after `requestTemporaryFullAccuracyAuthorization` (T1–T5).
public enum OnTemporaryFullAccuracyRequest: Hashable, Sendable {
  /// T2–T5: no alert; complete at once with `promptDeclined` (C7).
  case declined(RuleID)
  /// §2 *(assumed)*: another alert is showing; complete at once with `promptDeclined`.
  case declinedAlertShowing
  /// T1: show P9; complete with no error once it is answered (C7).
  case showPrompt
}
