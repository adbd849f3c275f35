/// What reading one line gave the REPL.
public enum LineReaderInput: Equatable {
  /// A line, without its line break.
  case line(String)
  /// Ctrl-C at the prompt: the line typed so far is dropped.
  case interrupted
  /// The end of the input (Ctrl-D, or the end of a pipe).
  case end
}
