/// One element of a live-update stream, as the app's `for try await` loop receives it (LU1, §18).
public struct LiveUpdate: Hashable, Sendable, CustomStringConvertible {
  /// The location, or `nil` when none could be given (DG9).
  public let location: Location?
  /// Whether the device has been still long enough for updates to pause (LU3).
  public let stationary: Bool
  /// The stream's diagnostics when it was delivered; `nil` before iOS 18.
  public let diagnostics: Diagnostics?

  /// Creates an update.
  public init(location: Location?, stationary: Bool, diagnostics: Diagnostics?) {
    self.location = location
    self.stationary = stationary
    self.diagnostics = diagnostics
  }

  /// `liveUpdate(51.5, -0.12 ±5.0 m, stationary)` or `liveUpdate(no location, {insufficientlyInUse})`.
  public var description: String {
    var parts = [location.map(\.description) ?? "no location"]
    if stationary { parts.append("stationary") }
    if let diagnostics, !diagnostics.isEmpty { parts.append(diagnostics.description) }
    return "liveUpdate(\(parts.joined(separator: ", ")))"
  }
}
