import LuaBridge
import PermissionModel
import Reporting

/// What stopped a case, as the prelude and the bindings raise it: a typed record, never a table a scenario could forge.
///
/// Only trusted code makes one: the prelude (through host primitives scenarios cannot reach) for a
/// failed expectation and for any other error it catches, the bindings for an app crash. The record
/// crosses back to Swift whole (``LuaError/record``), so the report's kind and location are the ones
/// it was made with; `error { permsim = "failure", … }` in a scenario is just an error.
final class CaseSignal: LuaErrorRecord {
  /// What the signal means for the case's verdict.
  enum Kind: String, Sendable {
    /// An expectation did not hold: the case failed.
    case failure
    /// The app crashed outside `expect_crash`: the case failed.
    case crash
    /// The scenario is broken (a Lua error, a misuse of the API): the case errored.
    case error
  }

  let kind: Kind
  /// The headline, without a position.
  let message: String
  /// More lines under the headline (an alert's fields, the unread callbacks), or empty.
  let details: String
  /// The author's line it was raised at, when known.
  let location: ScriptLocation?
  /// Lua's traceback at the point it was raised, when known.
  let traceback: String?
  /// The crash, for `.crash`.
  let crash: AppCrash?

  init(
    _ kind: Kind, message: String, details: String = "", location: ScriptLocation? = nil, traceback: String? = nil,
    crash: AppCrash? = nil
  ) {
    self.kind = kind
    self.message = message
    self.details = details
    self.location = location
    self.traceback = traceback
    self.crash = crash
  }

  /// The same signal with `traceback` when it has none yet.
  func withTraceback(_ traceback: String) -> CaseSignal {
    guard self.traceback == nil else { return self }
    return CaseSignal(kind, message: message, details: details, location: location, traceback: traceback, crash: crash)
  }

  var asLuaObject: LuaObject { Self.type.wrap(self) }

  /// How Lua sees a signal: read-only fields, for `expect_crash` and for authors who catch one with `pcall`.
  static let type = LuaObjectType<CaseSignal>(
    name: "permsim.signal",
    index: { signal, call in
      switch try call.string(2) {
      case "kind": call.push(signal.kind.rawValue)
      case "message": call.push(signal.message)
      case "exception": call.push(signal.crash?.exception)
      case "reason": call.push(signal.crash?.reason)
      case "at": call.push(signal.crash?.at.seconds)
      default: call.push(nil as String?)
      }
    },
    newIndex: { _, _ in throw LuaCallError.message("a failure or crash cannot be changed") },
    toString: { signal in (signal.location.map { "\($0): " } ?? "") + signal.message }
  )
}
