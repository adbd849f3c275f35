import ScenarioRuntime

/// What a worker process is told before its first request: the run's root, its limits and its seed.
///
/// The settings travel as the first line on the worker's standard input, not as arguments: a worker
/// that parsed a command line through swift-argument-parser spent 12 M instructions on it (its
/// reflection over every subcommand's options), a third of its start, on the path of every run.
public struct WorkerSettings: Sendable, Equatable {
  /// The run's root: the only folder a worker reads scenario files and plists from.
  public var root: String
  public var limits: ScenarioEnvironment.Limits
  public var seed: UInt64
  /// Whether every case's reply carries the paths it took of the state machine (`--coverage`).
  public var keepsPaths: Bool

  public init(root: String, limits: ScenarioEnvironment.Limits, seed: UInt64, keepsPaths: Bool = false) {
    self.root = root
    self.limits = limits
    self.seed = seed
    self.keepsPaths = keepsPaths
  }

  /// The settings as one line, without its line break.
  var line: [UInt8] {
    var line = WorkerLine.Writer(capacity: 48 + root.utf8.count)
    line.field("S")
    line.field(limits.instructions)
    line.field(limits.memory)
    line.field(Int(truncatingIfNeeded: seed))  // Int is 64 bits wide: the seed's bits, signed
    line.field(root)
    line.field(keepsPaths)
    return line.bytes
  }

  /// Reads the settings from their line.
  init(line: ArraySlice<UInt8>) throws {
    let fields = WorkerLine.Fields(line)
    guard fields.count == 6, fields.isText(0, "S"), fields.isText(5, "0") || fields.isText(5, "1"), let instructions = fields.number(1), let memory = fields.number(2),
      let seed = fields.number(3)
    else { throw WorkerLine.Malformed() }
    self.init(
      root: fields.text(4), limits: ScenarioEnvironment.Limits(instructions: instructions, memory: memory),
      seed: UInt64(truncatingIfNeeded: seed), keepsPaths: fields.isText(5, "1"))
  }
}
