import ArgumentParser
import Foundation
import PermissionModel
import Runner
import ScenarioRuntime

/// The options of `permsim run`, checked and resolved: every usage error is found here, before anything runs.
struct RunSettings {
  var paths: [String]
  var root: String
  var limits: ScenarioEnvironment.Limits
  /// How long one case (or one file's top level) may run, wall clock.
  var timeLimit: Duration
  /// The host memory a worker process may hold, in bytes.
  var workerMemory: Int
  var seed: UInt64?
  var jobs: Int
  var planner: Planner
  var clock: RunClock
  var hostname: String
  var isTerminal: Bool
  var usesColor: Bool
  /// The outputs to write, resolved (`--output`, `--junit`, the console, GitHub annotations).
  var outputs: [RunOutput]
  /// The HTML pages to write (`--output html=PATH`), each made by ``HTMLReportOutput/reporter(policy:files:)``.
  var htmlReports: [HTMLReportOutput]
  /// Whether reports name files by absolute path: permsim chose a root outside the current directory.
  var namesFilesAbsolutely: Bool
  private let _pattern: String
  private let _filter: String?

  init(_ command: RunCommand) throws {
    paths = command.paths.isEmpty ? [Self.defaultFolder] : command.paths
    let environment = ProcessInfo.processInfo.environment
    let current = FileManager.default.currentDirectoryPath
    if command.paths.isEmpty, !FileManager.default.fileExists(atPath: Self.defaultFolder) {
      throw ValidationError(
        "no \(Self.defaultFolder)/ folder here: a bare `permsim run` searches \(Self.defaultFolder)/, where `permsim init` writes; name the files or folders to run")
    }
    root = command.root ?? Self.commonRoot(of: paths, current: current)
    namesFilesAbsolutely = command.root == nil && root != current
    limits = ScenarioEnvironment.Limits(
      instructions: try Self.quantity(command.instructions, option: "--instructions", unit: 1000),
      memory: try Self.quantity(command.memory, option: "--memory", unit: 1024))
    guard command.timeout > 0, command.timeout.isFinite else {
      throw ValidationError("--timeout \(command.timeout): expected a positive number of seconds")
    }
    timeLimit = .milliseconds(Int64((command.timeout * 1000).rounded(.up)))
    workerMemory = try Self.quantity(command.workerMemory, option: "--worker-memory", unit: 1024)
    guard workerMemory > limits.memory else {
      throw ValidationError("--worker-memory \(command.workerMemory) must be more than --memory \(command.memory)")
    }
    seed = command.shuffle ? (command.seed ?? UInt64.random(in: 0...999_999)) : command.seed
    if command.shuffle, command.seed == nil, let seed {
      FileHandle.standardError.write(Data("permsim: shuffling with --seed \(seed)\n".utf8))
    }
    guard command.jobs.map({ $0 >= 1 }) ?? true else { throw ValidationError("--jobs must be 1 or more") }
    jobs = command.jobs ?? ProcessInfo.processInfo.activeProcessorCount
    guard command.repeatCount >= 1 else { throw ValidationError("--repeat must be 1 or more") }

    var options = Planner.Options(defaultVersion: RequestedVersion(.newestSupported))
    for version in Self.list(command.ios) {
      do {
        options.iosVersions.append(try RequestedVersion(parsing: version))
      } catch {
        throw ValidationError("--ios \(version): \(error.message)")
      }
    }
    options.includeTags = Self.list(command.tags)
    options.excludeTags = Self.list(command.excludeTags)
    if let both = options.includeTags.first(where: options.excludeTags.contains) {
      throw ValidationError("the tag \(both) is both in --tags and in --exclude-tags")
    }
    options.repeatCount = command.repeatCount
    if let shard = command.shard {
      options.shard = try Self.shard(shard, environment: environment)
    }
    options.shuffleSeed = command.shuffle ? seed : nil
    planner = Planner(options: options)

    let deterministic = command.deterministicTime || environment["PERMSIM_DETERMINISTIC_TIME"] == "1"
    clock = deterministic ? .fixed(.init(nanosecondsSinceEpoch: 0)) : .wall
    hostname = deterministic ? "localhost" : ProcessInfo.processInfo.hostName
    isTerminal = isatty(1) == 1
    usesColor = isTerminal && !command.noColor && (environment["NO_COLOR"] ?? "").isEmpty
    _pattern = command.pattern
    _filter = command.filter
    if command.format != .text, !command.list { throw ValidationError("--format says how --list prints: add --list") }
    htmlReports = try command.outputs.filter(HTMLReportOutput.isRequested).map(HTMLReportOutput.init(parsing:))
    let requested = try command.outputs.filter { !HTMLReportOutput.isRequested(by: $0) }.map(RunOutput.init(parsing:))
      + command.junit.map { RunOutput(.junit, path: $0) }
    outputs = try RunOutput.resolve(requested, environment: environment)
    let files = outputs.compactMap(\.path) + htmlReports.map(\.path)
    if let twice = files.enumerated().first(where: { files[..<$0.offset].contains($0.element) })?.element {
      throw ValidationError("two outputs write to \(twice)")
    }
  }

  /// The folder a bare `permsim run` searches: the one `permsim init` writes its scenario in.
  static let defaultFolder = StarterProject.scenarioFolder

  /// `--shard K/N`, or `--shard auto`: the shard the CI fleet's variables in `environment` assign.
  static func shard(_ text: String, environment: [String: String]) throws -> Shard {
    if text == "auto" {
      do {
        return try Shard.assigned(by: environment)
      } catch {
        throw ValidationError("--shard auto: \(error)")
      }
    }
    guard let parsed = Shard(text) else { throw ValidationError("--shard takes K/N with 1 ≤ K ≤ N, such as 2/4, or auto") }
    return parsed
  }

  /// The `--pattern` and `--filter` Lua patterns, compiled.
  func patterns() throws -> (files: LuaPattern, names: LuaPattern?) {
    func compile(_ pattern: String, _ option: String) throws -> LuaPattern {
      do {
        return try LuaPattern(pattern)
      } catch {
        throw ValidationError("\(option) \(pattern): \(error.message)")
      }
    }
    return (try compile(_pattern, "--pattern"), try _filter.map { try compile($0, "--filter") })
  }

  private static func list(_ text: String?) -> [String] {
    (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// `50000000`, `50M`, `64K`…: `unit` is 1000 for counts and 1024 for bytes.
  static func quantity(_ text: String, option: String, unit: Int) throws -> Int {
    let suffixes: [Character: Int] = ["k": unit, "K": unit, "m": unit * unit, "M": unit * unit, "g": unit * unit * unit, "G": unit * unit * unit]
    var digits = Substring(text)
    if digits.hasSuffix("iB") || digits.hasSuffix("B") { digits = digits.dropLast(digits.hasSuffix("iB") ? 2 : 1) }
    var scale = 1
    if let last = digits.last, let factor = suffixes[last] {
      scale = factor
      digits = digits.dropLast()
    }
    guard let value = Int(digits), value > 0, value <= Int.max / scale else {
      throw ValidationError("\(option) \(text): expected a positive number, optionally with K, M or G")
    }
    return value * scale
  }

  /// This binary, which worker processes run (nil if it cannot be found).
  static let executable = Bundle.main.executablePath

  /// How `permsim run` starts its worker processes: this binary, in its worker mode, told the run's root, limits and seed.
  func workerLaunch(keepsPaths: Bool = false) throws -> WorkerLaunch {
    guard let executable = Self.executable else {
      throw ValidationError("cannot find the permsim binary to start worker processes from")
    }
    return WorkerLaunch(
      executable: executable,
      arguments: [WorkerLaunch.mode], settings: WorkerSettings(root: root, limits: limits, seed: seed ?? 0, keepsPaths: keepsPaths),
      timeLimit: timeLimit, memoryLimit: workerMemory)
  }

  /// The current directory, or the directory holding every path when some lie outside it.
  private static func commonRoot(of paths: [String], current: String) -> String {
    let absolute = paths.map { path in
      URL(fileURLWithPath: path.hasPrefix("/") ? path : current + "/" + path).standardizedFileURL.path
    }
    guard absolute.contains(where: { !($0 == current || $0.hasPrefix(current + "/")) }) else { return current }
    var common = absolute.first.map { URL(fileURLWithPath: $0).deletingLastPathComponent().pathComponents } ?? []
    for path in absolute {
      let components = URL(fileURLWithPath: path).pathComponents
      common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
    }
    return common.isEmpty ? "/" : NSString.path(withComponents: common)
  }
}
