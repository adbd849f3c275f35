import Foundation
import Reporting
import ScenarioRuntime

/// What the runner asks a worker process to do: collect a file, or run one case of it.
///
/// Messages travel as one JSON object per line (``WorkerChannel``), the supervisor's requests on the
/// worker's standard input and the replies on its standard output.
enum WorkerRequest: Codable, Sendable {
  /// Run the file's top level and say which scenarios it registers.
  case collect(WorkerFile)
  /// Run scenario `index` of the file, named `name`, on a device of `iosVersion` by default.
  case run(WorkerFile, index: Int, name: String, iosVersion: String, keepsTranscript: Bool)
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
    path = file.path
    absolutePath = file.absolutePath
    readsDirectly = file.path == file.absolutePath
  }

  /// The file, as the supervisor made it.
  func scenarioFile(_ environment: ScenarioEnvironment) throws -> ScenarioFile {
    guard readsDirectly else { return try ScenarioFile(path: absolutePath, environment: environment) }
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: absolutePath)))
    return ScenarioFile(path: path, absolutePath: absolutePath, bytes: bytes)
  }
}
