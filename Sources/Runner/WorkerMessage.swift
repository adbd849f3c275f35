import Foundation
import PermissionModel
import Reporting
import ScenarioRuntime

/// What the runner asks a worker process to do: collect a file, or run one case of it.
///
/// Every message is one line of fields (``WorkerLine``): the runner's requests on the worker's standard
/// input, the replies on its standard output. A request names its file by the number its link gave the
/// file, and brings the file's paths only the first time a worker meets that number (``WorkerLink``);
/// a scenario is named by its registration (index, line, occurrence) and its name, shortened to the
/// report limits with the full name's digest when it is longer, so a request stays small. A worker's
/// first line is `Y`, once its engine is loaded.
enum WorkerRequest: Sendable {
  /// Run the file's top level and say which scenarios it registers; keep that run for the file's next
  /// case when `keepsTopLevel` (its cases come next, ``ScenarioEngine/collect(_:keepingTopLevel:)``).
  case collect(WorkerFile, keepsTopLevel: Bool)
  /// Run the scenario of the file registered as `scenario`, named `name`, on a device of `iosVersion` by default.
  case run(WorkerFile, scenario: ScenarioIdentity, name: String, iosVersion: RequestedVersion, keepsTranscript: Bool)

  /// The file the request is about.
  var file: WorkerFile {
    switch self {
    case .collect(let file, _), .run(let file, _, _, _, _): file
    }
  }

  /// The request as one line, without its line break: its file by `fileNumber`, with the file's
  /// paths when the worker meets that number for the first time (`introducing`).
  func line(fileNumber: Int, introducing: Bool) -> [UInt8] {
    var line = WorkerLine.Writer(capacity: 96 + (introducing ? file.path.utf8.count + file.absolutePath.utf8.count : 0))
    switch self {
    case .collect: line.field("K")
    case .run: line.field("R")
    }
    line.field(fileNumber)
    if introducing {
      line.field(file.readsDirectly)
      line.field(file.path)
      line.field(file.absolutePath)
    } else {
      for _ in 0..<3 { line.field("") }
    }
    switch self {
    case .collect(_, let keepsTopLevel):
      line.field(keepsTopLevel)
    case .run(_, let scenario, let name, let iosVersion, let keepsTranscript):
      line.field(scenario.index)
      line.field(scenario.line)
      line.field(scenario.occurrence)
      line.field(bytes: scenario.nameBytes)
      line.field(digest: scenario.nameDigest)
      // The case's name is the scenario's and a suffix (`[iOS 14.0]`, `#2`): only the suffix crosses.
      line.field(name.hasPrefix(scenario.name) ? "+" + name.dropFirst(scenario.name.count) : "=" + name)
      line.field(iosVersion.text)
      line.field(keepsTranscript)
    }
    return line.bytes
  }

  /// Reads request lines one after another, as a worker gets them, keeping the files they introduce.
  struct Reader {
    private var _files: [Int: WorkerFile] = [:]

    mutating func request(_ line: ArraySlice<UInt8>) throws -> WorkerRequest {
      var fields = WorkerLine.Cursor(line, from: 0)
      let kind = try fields.text()
      let file = try self.file(&fields)
      switch kind {
      case "K":
        return .collect(file, keepsTopLevel: try fields.flag())
      case "R":
        let index = try fields.number(), line = try fields.number(), occurrence = try fields.number()
        let nameBytes = try fields.bytes()
        let digest = try fields.digest()
        let valid = String(validating: nameBytes, as: UTF8.self)
        let scenario = ScenarioIdentity(
          index: index, name: valid ?? String(decoding: nameBytes, as: UTF8.self), line: line, occurrence: occurrence,
          rawName: valid == nil ? nameBytes : nil, nameDigest: digest)
        let suffix = try fields.text()
        let name: String
        switch suffix.first {
        case "+": name = scenario.name + suffix.dropFirst()
        case "=": name = String(suffix.dropFirst())
        default: throw WorkerLine.Malformed()
        }
        let version = RequestedVersion(written: try fields.text())
        return .run(file, scenario: scenario, name: name, iosVersion: version, keepsTranscript: try fields.flag())
      default:
        throw WorkerLine.Malformed()
      }
    }

    /// The file a request names: introduced now (its paths follow its number), or by an earlier request.
    private mutating func file(_ fields: inout WorkerLine.Cursor) throws(WorkerLine.Malformed) -> WorkerFile {
      let number = try fields.number()
      let direct = try fields.text(), path = try fields.text(), absolutePath = try fields.text()
      if direct.isEmpty {
        guard let known = _files[number] else { throw WorkerLine.Malformed() }
        return known
      }
      let file = WorkerFile(path: path, absolutePath: absolutePath, readsDirectly: direct == "1")
      _files[number] = file
      return file
    }
  }
}

/// A worker's answer to one ``WorkerRequest``.
enum WorkerReply: Sendable {
  case collected(ScenarioEngine.Collection)
  case ran(ScenarioEngine.CaseRun)
}

/// A scenario file as a worker finds it again: the path reports show, and where it is on disk.
struct WorkerFile: Sendable, Hashable {
  /// The path reports show (relative to the root, or absolute when permsim chose the root).
  var path: String
  var absolutePath: String
  /// Whether the worker reads the file itself rather than through the root's gate (a file the
  /// supervisor named by its absolute path, see ``ScenarioCollector``).
  var readsDirectly: Bool

  init(_ file: ScenarioFile) {
    self.init(path: file.path, absolutePath: file.absolutePath, readsDirectly: file.path == file.absolutePath)
  }

  init(path: String, absolutePath: String, readsDirectly: Bool) {
    self.path = path
    self.absolutePath = absolutePath
    self.readsDirectly = readsDirectly
  }

  /// The file, as the supervisor made it.
  func scenarioFile(_ environment: ScenarioEnvironment) throws -> ScenarioFile {
    guard readsDirectly else { return try ScenarioFile(path: absolutePath, environment: environment) }
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: absolutePath)))
    return ScenarioFile(path: path, absolutePath: absolutePath, bytes: bytes)
  }
}

// MARK: - Replies

extension WorkerReply {
  /// The reply as one line, without its line break: `P` (a pass without a transcript, the common
  /// case), `O` (any other outcome), `C` (a collection's registrations) or `X` (a failed collection).
  var line: [UInt8] {
    switch self {
    case .ran(let run) where run.outcome == .passed && run.transcript.isEmpty && run.pathsTaken.isEmpty:
      var line = WorkerLine.Writer(capacity: 2 + 8 * run.deviceVersions.count)
      line.field("P")
      for version in run.deviceVersions { line.field(version) }
      return line.bytes
    case .ran(let run):
      let transcript = run.transcript
      var line = WorkerLine.Writer(capacity: 64 + transcript.reduce(0) { $0 + $1.utf8.count + 1 })
      line.field("O")
      switch run.outcome {
      case .passed: line.field("p")
      case .failed(let problem): line.field("f"); Self.write(problem, to: &line)
      case .errored(let problem): line.field("e"); Self.write(problem, to: &line)
      case .skipped(let reason): line.field("s"); line.field(reason)
      }
      line.fields(run.deviceVersions)
      line.fields(transcript)
      // The model's records (screens drawn, paths taken) keep their own Codable form, in a field each.
      line.field(bytes: Self.json(run.screens))
      line.field(bytes: Self.json(run.pathsTaken))
      return line.bytes
    case .collected(.registered(let scenarios)):
      var line = WorkerLine.Writer(capacity: scenarios.reduce(2) { $0 + 16 + $1.name.utf8.count })
      line.field("C")
      for scenario in scenarios { Self.write(scenario, to: &line) }
      return line.bytes
    case .collected(.failed(let problem)):
      var line = WorkerLine.Writer(capacity: 64 + problem.headline.utf8.count + problem.details.utf8.count)
      line.field("X")
      Self.write(problem, to: &line)
      return line.bytes
    }
  }

  init(line: ArraySlice<UInt8>) throws {
    var fields = WorkerLine.Cursor(line, from: 0)
    switch try fields.text() {
    case "P":
      var versions: [String] = []
      while fields.hasMore { versions.append(try fields.text()) }
      self = .ran(ScenarioEngine.CaseRun(outcome: .passed, transcript: [], deviceVersions: versions))
    case "O":
      let outcome: CaseOutcome =
        switch try fields.text() {
        case "p": .passed
        case "f": .failed(try Self.problem(&fields))
        case "e": .errored(try Self.problem(&fields))
        case "s": .skipped(reason: try fields.text())
        default: throw WorkerLine.Malformed()
        }
      let versions = try fields.texts(), transcript = try fields.texts()
      let screens: [CaseScreen] = try Self.decoded(fields.bytes()), paths: [TakenPaths] = try Self.decoded(fields.bytes())
      self = .ran(
        ScenarioEngine.CaseRun(
          outcome: outcome, transcript: transcript, screens: screens, deviceVersions: versions, pathsTaken: paths))
    case "C":
      var scenarios: [DeclaredScenario] = []
      while fields.hasMore { scenarios.append(try Self.scenario(&fields)) }
      self = .collected(.registered(scenarios))
    case "X":
      self = .collected(.failed(try Self.problem(&fields)))
    default:
      throw WorkerLine.Malformed()
    }
    guard !fields.hasMore else { throw WorkerLine.Malformed() }
  }

  /// A list of the model's records as JSON, or nothing for none (most cases).
  private static func json<Record: Encodable>(_ records: [Record]) -> [UInt8] {
    records.isEmpty ? [] : (try? JSONEncoder().encode(records)).map { [UInt8]($0) } ?? []
  }

  private static func decoded<Record: Decodable>(_ bytes: [UInt8]) throws -> [Record] {
    bytes.isEmpty ? [] : try JSONDecoder().decode([Record].self, from: Data(bytes))
  }

  /// Writes a problem as its kind, headline, location (path and line, each possibly empty) and details.
  private static func write(_ problem: CaseProblem, to line: inout WorkerLine.Writer) {
    line.field(problem.kind.rawValue)
    line.field(problem.headline)
    line.field(optional: problem.location?.path)
    line.field(optional: problem.location?.line.map(String.init))
    line.field(problem.details)
  }

  private static func problem(_ fields: inout WorkerLine.Cursor) throws(WorkerLine.Malformed) -> CaseProblem {
    let kind = CaseProblem.Kind(rawValue: try fields.text()), headline = try fields.text()
    let path = try fields.optionalText(), line = try fields.optionalText()
    let location = try path.map { path throws(WorkerLine.Malformed) in
      guard let line else { return ScriptLocation(path: path) }
      guard let number = Int(line) else { throw WorkerLine.Malformed() }
      return ScriptLocation(path: path, line: number)
    }
    return CaseProblem(kind: kind, headline: headline, location: location, details: try fields.text())
  }

  /// Writes a registration as fields: index, name (its bytes), the full name's digest when the name
  /// was shortened, line, occurrence, skip (`-`, or `+` and the reason), the versions (`u`, `p` and
  /// one, or `m` and a list), and the tags.
  private static func write(_ scenario: DeclaredScenario, to line: inout WorkerLine.Writer) {
    line.field(scenario.index)
    line.field(bytes: scenario.rawName ?? Array(scenario.name.utf8))
    line.field(digest: scenario.nameDigest)
    line.field(scenario.line)
    line.field(scenario.occurrence)
    line.field(scenario.skipReason.map { "+" + $0 } ?? "-")
    switch scenario.versions {
    case .unpinned:
      line.field("u")
    case .pinned(let version):
      line.field("p")
      line.field(version.text)
    case .matrix(let versions):
      line.field("m")
      line.fields(versions.map(\.text))
    }
    line.fields(scenario.tags)
  }

  /// The registration whose fields come next.
  private static func scenario(_ fields: inout WorkerLine.Cursor) throws(WorkerLine.Malformed) -> DeclaredScenario {
    let index = try fields.number(), nameBytes = try fields.bytes()
    let digest = try fields.digest()
    let line = try fields.number(), occurrence = try fields.number()
    let skip = try fields.text()
    let skipReason: String? = skip == "-" ? nil : String(skip.dropFirst())
    let versions: DeclaredScenario.Versions =
      switch try fields.text() {
      case "u": .unpinned
      case "p": .pinned(RequestedVersion(written: try fields.text()))
      case "m": .matrix(try fields.texts().map(RequestedVersion.init(written:)))
      default: throw WorkerLine.Malformed()
      }
    let valid = String(validating: nameBytes, as: UTF8.self)
    return DeclaredScenario(
      index: index, name: valid ?? String(decoding: nameBytes, as: UTF8.self), line: line, tags: try fields.texts(),
      versions: versions, skipReason: skipReason, occurrence: occurrence, rawName: valid == nil ? nameBytes : nil,
      nameDigest: digest)
  }
}
