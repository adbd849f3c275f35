/// Reads lines from standard input when it is not a terminal, printing each prompt and echoing each line after it.
///
/// The echo makes piped output read as the session it was: `> 1 + 1`, then `2`.
struct ReplPlainReader: LineReader {
  /// Where prompts and echoed lines go.
  let output: ReplOutput

  mutating func readLine(prompt: String) -> LineReaderInput {
    output.write(prompt)
    guard let line = Swift.readLine() else { return .end }
    output.write(line + "\n")
    return .line(line)
  }

  mutating func remember(_ entry: String) {}
}
