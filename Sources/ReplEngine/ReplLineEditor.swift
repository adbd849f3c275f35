import CEditLine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from a terminal through libedit: line editing, and a history kept in a file across sessions.
///
/// While it exists, SIGINT runs a handler that does nothing, so Ctrl-C at the prompt makes libedit's
/// read fail with `EINTR` and drops the line being typed, and Ctrl-C between chunks is harmless; a
/// running chunk catches SIGINT itself (``LuaState/interruptingOnSIGINT(_:)``). Ctrl-D on an empty
/// line ends the input.
public final class ReplLineEditor: LineReader {
  /// How many entries the history keeps.
  static let historyLimit: Int32 = 1000

  private let _historyPath: String?
  private var _previousAction = sigaction()

  /// Starts line editing; `historyPath` is the history file to load now and to save each entry to (nil: none).
  ///
  /// - Parameter completions: what Tab offers for the word being typed (whole replacements of it).
  public init(historyPath: String?, completions: @escaping (String) -> [String] = { _ in [] }) {
    _historyPath = historyPath
    Self.completions = completions
    ceditline_set_completion(Self.nextCompletion)
    using_history()
    stifle_history(Self.historyLimit)
    if let historyPath { _ = read_history(historyPath) }
    var action = sigaction()
    #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = { _ in }
    #else
    action.__sigaction_u.__sa_handler = { _ in }
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0  // no SA_RESTART: the read must fail with EINTR
    sigaction(SIGINT, &action, &_previousAction)
  }

  deinit {
    sigaction(SIGINT, &_previousAction, nil)
    Self.completions = { _ in [] }
  }

  // libedit asks for completions through a C function with no context: these hold what it reads.
  nonisolated(unsafe) private static var completions: (String) -> [String] = { _ in [] }
  nonisolated(unsafe) private static var pending: [String] = []

  /// libedit's generator: called with state 0 for a new word, then again until it returns NULL.
  private static let nextCompletion: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = {
    text, state in
    if state == 0 { pending = completions(text.map { String(cString: $0) } ?? "") }
    ceditline_append_nothing()
    guard !pending.isEmpty else { return nil }
    return strdup(pending.removeFirst())
  }

  public func readLine(prompt: String) -> LineReaderInput {
    errno = 0
    guard let line = readline(prompt) else { return errno == EINTR ? .interrupted : .end }
    defer { free(line) }
    return .line(String(cString: line))
  }

  public func remember(_ entry: String) {
    _ = add_history(entry)
    if let _historyPath { _ = write_history(_historyPath) }
  }
}
