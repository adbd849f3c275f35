/// A system alert (R19, R21) waiting until the device is unlocked and no other alert shows.
struct PendingSystemPrompt {
  let app: AppID
  let rule: SystemPromptRule
  /// R21 waits for the next unlock (L3) even when the device is already unlocked.
  var waitsForUnlock: Bool
}
