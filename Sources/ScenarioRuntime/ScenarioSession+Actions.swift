import LuaBridge
import PermissionModel

extension ScenarioSession {
  /// Runs a model operation for Lua: misuse becomes a Lua error at the caller's line, a crash a crash
  /// value; afterwards, `on_prompt` handlers answer the alerts that appeared.
  func act<Result>(_ call: inout LuaCall, _ operation: () throws -> Result) throws -> Result {
    let result: Result
    do {
      result = try operation()
    } catch let misuse as MisuseError {
      throw LuaCallError.message(misuse.message)
    } catch let crash as AppCrash {
      throw LuaCallError.value(crashValue(crash, at: call.location()))
    }
    try answerPrompts(&call)
    try checkTranscript()
    return result
  }

  /// Stops the case once its transcript is full: the model keeps what happened, and a loop that acts
  /// for the whole instruction budget would make it hold gigabytes.
  func checkTranscript() throws {
    guard world.isTranscriptFull else { return }
    throw LuaCallError.message(
      "the scenario did more than one case may record (its transcript is full at \(World.TranscriptLimit.totalBytes >> 20) MiB); does a loop never end?"
    )
  }

  /// The value a crash raises in Lua: a table the prelude and the runner recognize (`permsim = "crash"`).
  func crashValue(_ crash: AppCrash, at location: LuaLocation?) -> LuaValue {
    var fields: [LuaValue: LuaValue] = [
      "permsim": "crash",
      "exception": .string(crash.exception),
      "reason": .string(crash.reason),
      "at": .number(crash.at.seconds),
      "message": .string("\(crash.exception): \(crash.reason)"),
    ]
    if let location { fields["where"] = .string(location.description) }
    return .table(fields)
  }

  /// Lets each device's `on_prompt` handler answer the alerts that appeared since it last ran.
  ///
  /// A handler must tap a button; one that returns with its alert still showing is an error. Alerts
  /// raised while a handler runs are answered by the same loop, never by a nested one.
  func answerPrompts(_ call: inout LuaCall) throws {
    guard !answeringPrompts else { return }
    answeringPrompts = true
    defer { answeringPrompts = false }
    for box in devicesInOrder {
      while let handler = box.promptHandler, let alert = box.device.prompt, alert.number != box.lastAnsweredAlert {
        box.lastAnsweredAlert = alert.number
        try call.state.call(handler, AlertBox.type.wrap(alertBox(alert)))
        if box.device.prompt?.number == alert.number {
          throw LuaCallError.message("the on_prompt handler returned without tapping a button of the alert “\(alert.title)”")
        }
      }
    }
  }
}
