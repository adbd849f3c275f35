/// Which delegate method reports authorization (C4).
public enum AuthorizationCallbackRule: Hashable, Sendable {
  /// Below iOS 14: `didChangeAuthorization` with the status.
  case didChangeAuthorization
  /// iOS 14+: `locationManagerDidChangeAuthorization` when implemented, else `didChangeAuthorization`
  /// for status changes only *(assumed)*.
  case preferLocationManagerDidChangeAuthorization
}
