import LuaBridge
import PermissionModel
import Reporting

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
      let location = call.location().map { ScriptLocation(path: $0.chunk, line: $0.line) }
      throw LuaCallError.record(
        CaseSignal(.crash, message: "\(crash.exception): \(crash.reason)", location: location, crash: crash))
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

  /// Lets each device's `on_prompt` handler answer the alerts that appeared since it last ran.
  ///
  /// A handler must tap a button; one that returns with its alert still showing is an error. Alerts
  /// raised while a handler runs are answered by the same loop, never by a nested one.
  func answerPrompts(_ call: inout LuaCall) throws {
    // Most scenarios set no handler: they pay for nothing here after every action.
    guard !answeringPrompts, devices.values.contains(where: { $0.promptHandler != nil }) else { return }
    answeringPrompts = true
    defer { answeringPrompts = false }
    for device in world.devices {
      while let handler = devices[device.entityID]?.promptHandler, let alert = device.prompt,
        alert.number != devices[device.entityID]?.lastAnsweredAlert
      {
        devices[device.entityID]?.lastAnsweredAlert = alert.number
        try call.state.call(handler, Alert.members.wrap(alert))
        if device.prompt?.number == alert.number {
          throw LuaCallError.message("the on_prompt handler returned without tapping a button of the alert “\(alert.title)”")
        }
      }
    }
  }
}
