/// One `requestTemporaryFullAccuracyAuthorization` call: `done` and `error` are set when its completion runs (C7).
public final class TemporaryFullAccuracyRequest: Hashable {
  let world: World
  let id: RequestID

  init(world: World, id: RequestID) {
    self.world = world
    self.id = id
  }

  /// The purpose key passed to the call.
  public var purposeKey: String { world[id].purposeKey }
  /// Whether the completion has run.
  public var done: Bool { world[id].done }
  /// The completion's error: `nil`, or `promptDeclined` (T2–T5).
  public var error: LocationErrorCode? { world[id].error }

  public static func == (lhs: TemporaryFullAccuracyRequest, rhs: TemporaryFullAccuracyRequest) -> Bool {
    lhs.world === rhs.world && lhs.id == rhs.id
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(world))
    hasher.combine(id)
  }
}
