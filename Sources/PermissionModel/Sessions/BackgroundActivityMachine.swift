/// A `CLBackgroundActivitySession`: keeps its app in use in the background while active (BA1–BA5).
///
/// ```
///   created in use (BA1) ──▶ ┌──────┐ ── invalidate() (BA3) ──▶ invalidated
///   rejoined (BA4) ────────▶ │ live │ ── app terminates ──────▶ lost (outstanding for BA4's window)
///   created not in use ────▶ └──────┘    (BA5: never active)
/// ```
/// A live session is **active** exactly while the app is authorized and declares K6 (BA1), unless it
/// was created while not in use (BA5). Without K6 it is inactive and nothing crashes (BA1, assumed).
public struct BackgroundActivityMachine: Sendable {
  /// How the session came to be.
  public enum Origin: Sendable {
    /// Created while the app was in use (BA1).
    case createdInUse
    /// Created within BA4's window after a launch, rejoining the one outstanding at termination.
    case rejoined
    /// Created while the app was not in use (BA5): never active.
    case createdNotInUse
  }

  private enum State: Sendable {
    case live(Origin)
    case invalidated
    case lost
  }

  private var state: State

  /// The session's current diagnostics (18+; empty before).
  public private(set) var diagnostics: Diagnostics = []

  /// Creates a session; the world decides the origin from the app's use and BA4's window.
  public init(origin: Origin) { state = .live(origin) }

  /// Whether it is active in this context (BA1, BA5).
  public func isActive(_ context: SessionContext) -> Bool {
    guard case .live(let origin) = state else { return false }
    switch origin {
    case .createdInUse, .rejoined: return context.isAuthorized && context.declaresBackgroundLocation
    case .createdNotInUse: return false
    }
  }

  /// How it came to be, while it still exists.
  public var origin: Origin? {
    guard case .live(let origin) = state else { return nil }
    return origin
  }

  /// Whether it still exists (not invalidated, not lost at termination).
  public var isLive: Bool {
    switch state {
    case .live: true
    case .invalidated, .lost: false
    }
  }

  /// BA3: `invalidate()` ends it at once; it cannot be reused.
  public mutating func invalidate() { state = .invalidated }

  /// The app terminated: the object reads inactive; returns whether it was active (BA4).
  public mutating func terminate(_ context: SessionContext) -> Bool {
    let wasActive = isActive(context)
    if isLive { state = .lost }
    return wasActive
  }

  /// Recomputes the diagnostics (18+): shared flags, DG4 for BA5.
  public mutating func refresh(_ context: SessionContext) {
    guard context.features.diagnostics, case .live(let origin) = state else {
      diagnostics = []
      return
    }
    let showing = context.promptShowing?.asksForAuthorization == true && !context.isAuthorized
    diagnostics = Diagnostics.shared(context, requestShowing: showing)
    if case .createdNotInUse = origin { diagnostics.insert(.insufficientlyInUse) }  // BA5, DG4
  }
}
