/// Where the REPL's lines come from: a terminal with line editing, standard input, or a test's script.
public protocol LineReader {
  /// Shows `prompt` and reads one line, without its line break.
  mutating func readLine(prompt: String) -> LineReaderInput
  /// Keeps `entry`, a whole chunk (perhaps several lines), in the history.
  mutating func remember(_ entry: String)
}
