import Foundation
import PermissionModel
import Reporting
import ScenarioRuntime

/// What the runner asks a worker process to do: collect a file, or run one case of it.
///
/// Messages travel one per line (``WorkerChannel``), the runner's requests on the worker's standard
/// input and the replies on its standard output. The two that every case sends — a request to run
/// it, and a pass without a transcript — and the collection of a file and the scenarios it registers
/// are tab-separated fields (`R…`, `P…`, `K…`, `C…`), because coding them as JSON through Foundation
/// cost a quarter of a run's CPU; anything else is `J` and a JSON object.
/// A worker's first line is `Y`, once its engine is loaded (``WorkerProcess/awaitReady(_:isAbandoned:)``).
enum WorkerRequest: Codable, Sendable {
  /// Run the file's top level and say which scenarios it registers; keep that run for the file's next
  /// case when `keepsTopLevel` (its cases come next, ``ScenarioEngine/collect(_:keepingTopLevel:)``).
  case collect(WorkerFile, keepsTopLevel: Bool)
  /// Run the scenario of the file registered as `scenario`, named `name`, on a device of `iosVersion` by default.
  case run(WorkerFile, scenario: ScenarioIdentity, name: String, iosVersion: RequestedVersion, keepsTranscript: Bool)
}

/// A worker's answer to one ``WorkerRequest``.
enum WorkerReply: Codable, Sendable {
  case collected(ScenarioEngine.Collection)
  case ran(ScenarioEngine.CaseRun)
}

/// A scenario file as a worker finds it again: the path reports show, and where it is on disk.
struct WorkerFile: Codable, Sendable, Hashable {
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

// MARK: - Lines

extension WorkerRequest {
  /// The request as one line, without its line break.
  var line: [UInt8] {
    switch self {
    case .run(let file, let scenario, let name, let iosVersion, let keepsTranscript) where scenario.rawName == nil:
      // Written field by field, not joined from strings: the runner sends one for every case.
      var line = WorkerLine.Writer(capacity: 32 + file.path.utf8.count + file.absolutePath.utf8.count + 2 * name.utf8.count)
      line.field("R")
      line.field(scenario.index)
      line.field(scenario.line)
      line.field(scenario.occurrence)
      line.field(iosVersion.text)
      line.field(keepsTranscript ? "1" : "0")
      line.field(file.readsDirectly ? "1" : "0")
      line.field(file.path)
      line.field(file.absolutePath)
      line.field(scenario.name)
      line.field(name)
      return line.bytes
    case .collect(let file, let keepsTopLevel):
      return WorkerLine.join(["K", file.readsDirectly ? "1" : "0", keepsTopLevel ? "1" : "0", file.path, file.absolutePath])
    case .run:
      return WorkerLine.json(self)
    }
  }

  init(line: ArraySlice<UInt8>) throws {
    let fields = WorkerLine.split(line)
    if fields.count == 5, fields[0] == "K" {
      self = .collect(
        WorkerFile(path: fields[3], absolutePath: fields[4], readsDirectly: fields[1] == "1"), keepsTopLevel: fields[2] == "1")
    } else if fields.count == 11, fields[0] == "R", let index = Int(fields[1]), let line = Int(fields[2]),
      let occurrence = Int(fields[3])
    {
      let file = WorkerFile(path: fields[7], absolutePath: fields[8], readsDirectly: fields[6] == "1")
      let scenario = ScenarioIdentity(index: index, name: fields[9], line: line, occurrence: occurrence)
      self = .run(
        file, scenario: scenario, name: fields[10], iosVersion: RequestedVersion(written: fields[4]),
        keepsTranscript: fields[5] == "1")
    } else {
      self = try WorkerLine.decode(WorkerRequest.self, line)
    }
  }
}

extension WorkerReply {
  /// The reply as one line, without its line break.
  var line: [UInt8] {
    switch self {
    case .ran(let run) where run.outcome == .passed && run.transcript.isEmpty:
      return WorkerLine.join(["P"] + run.deviceVersions)
    case .collected(.registered(let scenarios)) where scenarios.allSatisfy({ $0.rawName == nil }):
      var line = WorkerLine.Writer(capacity: scenarios.reduce(2) { $0 + 16 + $1.name.utf8.count })
      line.field("C")
      for scenario in scenarios { Self.write(scenario, to: &line) }
      return line.bytes
    case .ran, .collected:
      return WorkerLine.json(self)
    }
  }

  init(line: ArraySlice<UInt8>) throws {
    switch line.first {
    case UInt8(ascii: "P"):
      self = .ran(ScenarioEngine.CaseRun(outcome: .passed, transcript: [], deviceVersions: Array(WorkerLine.split(line).dropFirst())))
    case UInt8(ascii: "C"):
      var fields = WorkerLine.split(line).dropFirst()[...]
      var scenarios: [DeclaredScenario] = []
      while !fields.isEmpty { scenarios.append(try Self.scenario(from: &fields)) }
      self = .collected(.registered(scenarios))
    default:
      self = try WorkerLine.decode(WorkerReply.self, line)
    }
  }

  /// Writes a registration as fields (the common reply to a collection: JSON through Foundation cost a
  /// fifth of collecting): index, name, line, occurrence, skip (`-`, or `+` and the reason), the versions
  /// (`u`, `p` and one, or `m`, a count and as many), a count of tags and the tags.
  private static func write(_ scenario: DeclaredScenario, to line: inout WorkerLine.Writer) {
    line.field(scenario.index)
    line.field(scenario.name)
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
      line.field(versions.count)
      for version in versions { line.field(version.text) }
    }
    line.field(scenario.tags.count)
    for tag in scenario.tags { line.field(tag) }
  }

  /// The registration whose fields start `fields`, which it consumes.
  private static func scenario(from fields: inout ArraySlice<String>) throws -> DeclaredScenario {
    func next() throws -> String {
      guard let field = fields.popFirst() else { throw WorkerLine.Malformed() }
      return field
    }
    func number() throws -> Int {
      guard let number = Int(try next()), number >= 0 else { throw WorkerLine.Malformed() }
      return number
    }
    func strings(_ count: Int) throws -> [String] { try (0..<count).map { _ in try next() } }
    let index = try number(), name = try next(), line = try number(), occurrence = try number()
    let skip = try next()
    let skipReason: String? = skip == "-" ? nil : String(skip.dropFirst())
    let versions: DeclaredScenario.Versions =
      switch try next() {
      case "u": .unpinned
      case "p": .pinned(RequestedVersion(written: try next()))
      case "m": .matrix(try strings(try number()).map(RequestedVersion.init(written:)))
      default: throw WorkerLine.Malformed()
      }
    let tags = try strings(try number())
    return DeclaredScenario(
      index: index, name: name, line: line, tags: tags, versions: versions, skipReason: skipReason, occurrence: occurrence)
  }
}

/// The two line forms: tab-separated fields (tabs, line breaks and backslashes escaped), or `J` and JSON.
enum WorkerLine {
  /// A line whose fields are not a message.
  struct Malformed: Error {}

  static func join(_ fields: [String]) -> [UInt8] {
    var line = Writer(capacity: fields.reduce(fields.count) { $0 + $1.utf8.count })
    for field in fields { line.field(field) }
    return line.bytes
  }

  /// A line built field by field, each escaped as ``join(_:)`` escapes it.
  struct Writer {
    private(set) var bytes: [UInt8] = []
    /// Whether a field was added (an empty first field still needs the tab after it).
    private var _started = false

    init(capacity: Int) {
      bytes.reserveCapacity(capacity)
    }

    /// Adds `text` as the next field.
    mutating func field(_ text: String) {
      _separate()
      // Most fields have nothing to escape: they go in as they are.
      let copied = text.utf8.withContiguousStorageIfAvailable { utf8 in
        guard !utf8.contains(where: WorkerLine.isEscaped) else { return false }
        bytes.append(contentsOf: utf8)
        return true
      }
      if copied == true { return }
      for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
        case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        default: bytes.append(byte)
        }
      }
    }

    /// Adds `number` in decimal as the next field, written without an intermediate string.
    mutating func field(_ number: Int) {
      _separate()
      if number < 0 { bytes.append(UInt8(ascii: "-")) }
      var magnitude = number.magnitude
      let start = bytes.count
      repeat {
        bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
        magnitude /= 10
      } while magnitude > 0
      bytes[start...].reverse()
    }

    private mutating func _separate() {
      if _started { bytes.append(UInt8(ascii: "\t")) }
      _started = true
    }
  }

  fileprivate static func isEscaped(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  static func split(_ line: ArraySlice<UInt8>) -> [String] {
    var fields: [String] = []
    fields.reserveCapacity(12)  // a run request's 11 fields without growing
    var start = line.startIndex
    var escapes = false
    var index = line.startIndex
    while index < line.endIndex {
      switch line[index] {
      case UInt8(ascii: "\\"):
        escapes = true
        index += 2
        continue
      case UInt8(ascii: "\t"):
        fields.append(field(line[start..<index], escapes: escapes))
        start = index + 1
        escapes = false
      default:
        break
      }
      index += 1
    }
    fields.append(field(line[start..<min(index, line.endIndex)], escapes: escapes))
    return fields
  }

  /// A field's text: its bytes as they are, or with its escapes undone.
  private static func field(_ bytes: ArraySlice<UInt8>, escapes: Bool) -> String {
    guard escapes else { return String(decoding: bytes, as: UTF8.self) }
    var field: [UInt8] = []
    field.reserveCapacity(bytes.count)
    var escaped = false
    for byte in bytes {
      if escaped {
        switch byte {
        case UInt8(ascii: "t"): field.append(UInt8(ascii: "\t"))
        case UInt8(ascii: "n"): field.append(UInt8(ascii: "\n"))
        case UInt8(ascii: "r"): field.append(UInt8(ascii: "\r"))
        default: field.append(byte)
        }
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else {
        field.append(byte)
      }
    }
    return String(decoding: field, as: UTF8.self)
  }

  static func json(_ message: some Encodable) -> [UInt8] {
    [UInt8(ascii: "J")] + ((try? JSONEncoder().encode(message)).map { [UInt8]($0) } ?? [])
  }

  static func decode<Message: Decodable>(_ type: Message.Type, _ line: ArraySlice<UInt8>) throws -> Message {
    guard line.first == UInt8(ascii: "J") else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not a message")) }
    return try JSONDecoder().decode(Message.self, from: Data(line.dropFirst()))
  }
}
