/// Reads lines from standard input when it is not a terminal, printing each prompt and echoing each line after it.
///
/// The echo makes piped output read as the session it was: `> 1 + 1`, then `2`.
public struct ReplPlainReader: LineReader {
  /// Where prompts and echoed lines go.
  let output: ReplOutput

  /// Prompts and echoes to `output`.
  public init(output: ReplOutput) {
    self.output = output
  }

  public mutating func readLine(prompt: String) -> LineReaderInput {
    output.write(prompt)
    guard let line = Swift.readLine() else { return .end }
    output.write(line + "\n")
    return .line(line)
  }

  public mutating func remember(_ entry: String) {}
}
