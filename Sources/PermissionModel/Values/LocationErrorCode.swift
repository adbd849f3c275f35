/// `CLError.Code`, by the case names scenarios use.
public enum LocationErrorCode: String, CaseIterable, Sendable, CustomStringConvertible {
  /// 0: no location could be determined (C6's `requestLocation` timeout).
  case locationUnknown
  /// 1: location is denied or restricted (C6).
  case denied
  /// 2.
  case network
  /// 3.
  case headingFailure
  /// 4: region monitoring is not allowed (U4).
  case regionMonitoringDenied
  /// 5.
  case regionMonitoringFailure
  /// 6.
  case regionMonitoringSetupDelayed
  /// 7.
  case regionMonitoringResponseDelayed
  /// 8.
  case geocodeFoundNoResult
  /// 9.
  case geocodeFoundPartialResult
  /// 10.
  case geocodeCanceled
  /// 11.
  case deferredFailed
  /// 12.
  case deferredNotUpdatingLocation
  /// 13.
  case deferredAccuracyTooLow
  /// 14.
  case deferredDistanceFiltered
  /// 15.
  case deferredCanceled
  /// 16.
  case rangingUnavailable
  /// 17.
  case rangingFailure
  /// 18: the temporary-accuracy prompt could not be shown (T2–T5).
  case promptDeclined
  /// 19.
  case historicalLocationError

  /// The `kCLErrorDomain` code.
  public var code: Int {
    Self.allCases.firstIndex(of: self) ?? 0
  }

  public var description: String { rawValue }
}
