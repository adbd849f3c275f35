/// ANSI colours for the console, or none.
struct ConsoleStyle {
  /// Whether to emit colour codes at all.
  var isEnabled: Bool

  func red(_ text: String) -> String { _wrap("1;31", text) }
  func magenta(_ text: String) -> String { _wrap("1;35", text) }
  func green(_ text: String) -> String { _wrap("32", text) }
  func yellow(_ text: String) -> String { _wrap("33", text) }
  func bold(_ text: String) -> String { _wrap("1", text) }
  func dim(_ text: String) -> String { _wrap("2", text) }

  private func _wrap(_ parameters: String, _ text: String) -> String {
    isEnabled ? "\u{1B}[\(parameters)m\(text)\u{1B}[0m" : text
  }
}
