/// One line of a world's transcript: what happened, when, and on which device.
public struct TranscriptEntry: Hashable, Sendable, CustomStringConvertible {
  /// When it happened.
  public let at: VirtualInstant
  /// The 1-based number of the device it happened on, or `nil` for the clock.
  public let device: Int?
  /// What happened.
  public let text: String

  /// The line as the transcript prints it: `[+12.000s] Maps: manager#1 ← didChangeAuthorization(…)`.
  public var description: String { "[\(at)] \(text)" }
}
