extension CaseProblem {
  /// The kind of a failure or error, spelled as JUnit's `type` attribute shows it.
  ///
  /// The runner may use kinds not listed here; reports show their raw value.
  public struct Kind: RawRepresentable, Sendable, Hashable, Codable {
    /// The spelling in reports (`ExpectationFailed`).
    public var rawValue: String

    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    // MARK: - Failures

    /// An `expect…` did not hold.
    public static let expectationFailed = Kind(rawValue: "ExpectationFailed")
    /// The app crashed outside `expect_crash`.
    public static let appCrashed = Kind(rawValue: "AppCrashed")

    // MARK: - Errors

    /// Lua raised an error while the scenario ran, or the scenario misused the API.
    public static let scriptError = Kind(rawValue: "ScriptError")
    /// The scenario file is not valid Lua.
    public static let syntaxError = Kind(rawValue: "SyntaxError")
    /// The case ran past its instruction budget.
    public static let budgetExceeded = Kind(rawValue: "BudgetExceeded")
    /// The case ran past its memory budget.
    public static let memoryExceeded = Kind(rawValue: "MemoryExceeded")
    /// The scenario file, or a module it requires, could not be read.
    public static let loadError = Kind(rawValue: "LoadError")
    /// An Info.plist or strings file could not be read.
    public static let plistError = Kind(rawValue: "PlistError")
    /// The case ran past its time limit (`--timeout`): its worker process was stopped.
    public static let timeLimitExceeded = Kind(rawValue: "TimeLimitExceeded")
    /// The case crashed its worker process (a signal in a C library, say), or made it hold too much memory.
    public static let workerCrashed = Kind(rawValue: "WorkerCrashed")
    /// The case was running when the run was stopped (a signal, `--fail-fast`, a time limit of the run).
    public static let interrupted = Kind(rawValue: "Interrupted")

    /// How the console names this kind to a scenario author, or nil when the headline says enough.
    var label: String? {
      switch self {
      case .expectationFailed: nil
      case .appCrashed: "The app crashed"
      case .scriptError: "Script error"
      case .syntaxError: "Syntax error"
      case .budgetExceeded: "Ran past its instruction budget"
      case .memoryExceeded: "Ran past its memory budget"
      case .loadError: "Could not load"
      case .plistError: "Could not read a plist"
      case .timeLimitExceeded, .workerCrashed: nil
      default: rawValue
      }
    }
  }
}
