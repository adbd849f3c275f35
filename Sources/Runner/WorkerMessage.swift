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

  /// Reads request lines one after another, as a worker gets them: a run request takes its file and its
  /// version from the one before when they are the same (most requests are the next case of the same
  /// file), so that a request makes strings only of the names it brings.
  struct Reader {
    private var _file: WorkerFile?
    private var _version: RequestedVersion?

    mutating func request(_ line: ArraySlice<UInt8>) throws -> WorkerRequest {
      let fields = WorkerLine.Fields(line)
      if fields.count == 5, fields.isText(0, "K") {
        return .collect(file(fields, readsDirectly: 1, path: 3, absolutePath: 4), keepsTopLevel: fields.isText(2, "1"))
      }
      guard fields.count == 11, fields.isText(0, "R"), let index = fields.number(1), let line = fields.number(2),
        let occurrence = fields.number(3)
      else { return try WorkerLine.decode(WorkerRequest.self, line) }
      let version =
        if let known = _version, fields.isText(4, known.text) { known } else { RequestedVersion(written: fields.text(4)) }
      _version = version
      let scenarioName = fields.text(9)
      let scenario = ScenarioIdentity(index: index, name: scenarioName, line: line, occurrence: occurrence)
      return .run(
        file(fields, readsDirectly: 6, path: 7, absolutePath: 8), scenario: scenario,
        name: fields.isText(10, scenarioName) ? scenarioName : fields.text(10), iosVersion: version,
        keepsTranscript: fields.isText(5, "1"))
    }

    /// The file the fields at these positions name: the one before when they name it again.
    private mutating func file(_ fields: WorkerLine.Fields, readsDirectly: Int, path: Int, absolutePath: Int) -> WorkerFile {
      let direct = fields.isText(readsDirectly, "1")
      if let known = _file, known.readsDirectly == direct, fields.isText(path, known.path),
        fields.isText(absolutePath, known.absolutePath)
      {
        return known
      }
      let file = WorkerFile(path: fields.text(path), absolutePath: fields.text(absolutePath), readsDirectly: direct)
      _file = file
      return file
    }
  }
}

extension WorkerReply {
  /// The reply as one line, without its line break.
  var line: [UInt8] {
    switch self {
    case .ran(let run) where run.outcome == .passed && run.transcript.isEmpty:
      var line = WorkerLine.Writer(capacity: 2 + 8 * run.deviceVersions.count)
      line.field("P")
      for version in run.deviceVersions { line.field(version) }
      return line.bytes
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
      let fields = WorkerLine.Fields(line)
      self = .ran(ScenarioEngine.CaseRun(outcome: .passed, transcript: [], deviceVersions: (1..<fields.count).map(fields.text)))
    case UInt8(ascii: "C"):
      let fields = WorkerLine.Fields(line)
      var position = 1
      var scenarios: [DeclaredScenario] = []
      while position < fields.count { scenarios.append(try Self.scenario(from: fields, at: &position)) }
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

  /// The registration whose fields start at `position`, which moves past them.
  private static func scenario(from fields: WorkerLine.Fields, at position: inout Int) throws -> DeclaredScenario {
    func next() throws -> String {
      guard position < fields.count else { throw WorkerLine.Malformed() }
      defer { position += 1 }
      return fields.text(position)
    }
    func number() throws -> Int {
      guard position < fields.count, let number = fields.number(position), number >= 0 else { throw WorkerLine.Malformed() }
      position += 1
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
      var digits = 1
      var rest = magnitude / 10
      while rest > 0 {
        digits += 1
        rest /= 10
      }
      bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
      var index = bytes.count - 1
      repeat {
        bytes[index] += UInt8(magnitude % 10)
        magnitude /= 10
        index -= 1
      } while magnitude > 0
    }

    private mutating func _separate() {
      if _started { bytes.append(UInt8(ascii: "\t")) }
      _started = true
    }
  }

  fileprivate static func isEscaped(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  /// The fields of one line, found in place: a field becomes a string or a number only when asked for.
  struct Fields {
    private let _line: ArraySlice<UInt8>
    /// Where each field is in the line, and whether it holds an escape.
    private var _fields: [(range: Range<Int>, escapes: Bool)] = []

    init(_ line: ArraySlice<UInt8>) {
      _line = line
      _fields.reserveCapacity(12)  // a run request's 11 fields without growing
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
          _fields.append((start..<index, escapes))
          start = index + 1
          escapes = false
        default:
          break
        }
        index += 1
      }
      _fields.append((start..<min(index, line.endIndex), escapes))
    }

    var count: Int { _fields.count }

    /// The text of the field at `position`, its escapes undone.
    func text(_ position: Int) -> String {
      let (range, escapes) = _fields[position]
      guard escapes else { return String(decoding: _line[range], as: UTF8.self) }
      return String(decoding: Fields.unescaped(_line[range]), as: UTF8.self)
    }

    /// Whether the field at `position` reads `text` (compared as bytes, without making a string of the field).
    func isText(_ position: Int, _ text: String) -> Bool {
      let (range, escapes) = _fields[position]
      if escapes { return self.text(position) == text }
      guard range.count == text.utf8.count else { return false }
      guard !range.isEmpty else { return true }
      let same = _line[range].withUnsafeBytes { field in
        text.utf8.withContiguousStorageIfAvailable { memcmp(field.baseAddress!, $0.baseAddress!, range.count) == 0 }
      }
      return same ?? _line[range].elementsEqual(text.utf8)
    }

    /// The field at `position` as a decimal number (digits, after a `-` for a negative one), or nil.
    func number(_ position: Int) -> Int? {
      var bytes = _line[_fields[position].range]
      let negative = bytes.first == UInt8(ascii: "-")
      if negative { bytes = bytes.dropFirst() }
      guard !bytes.isEmpty else { return nil }
      var value = 0
      for byte in bytes {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        // Counted towards the sign, so that the most negative number reads too.
        let digit = Int(byte - UInt8(ascii: "0"))
        let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
        let (next, overflowedAgain) =
          negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
        guard !overflowed, !overflowedAgain else { return nil }
        value = next
      }
      return value
    }

    /// A field's bytes with its escapes undone.
    private static func unescaped(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
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
      return field
    }
  }

  static func json(_ message: some Encodable) -> [UInt8] {
    [UInt8(ascii: "J")] + ((try? JSONEncoder().encode(message)).map { [UInt8]($0) } ?? [])
  }

  static func decode<Message: Decodable>(_ type: Message.Type, _ line: ArraySlice<UInt8>) throws -> Message {
    guard line.first == UInt8(ascii: "J") else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not a message")) }
    return try JSONDecoder().decode(Message.self, from: Data(line.dropFirst()))
  }
}
