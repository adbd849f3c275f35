import Foundation
import Reporting
import ScenarioRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The worker side of ``CaseIsolation/workerProcesses(_:)``: answers requests on standard input, one engine for its life.
public enum WorkerServer {
  /// Reads its ``WorkerSettings`` from standard input, then serves requests from it until it closes; returns the exit status.
  ///
  /// The worker ignores SIGINT, SIGHUP and SIGTERM (its runner decides when it ends: it closes the
  /// pipe, or sends SIGKILL), and ends itself when its runner is gone, even in the middle of a case.
  public static func serve() -> Int32 {
    for signalNumber in [SIGINT, SIGHUP, SIGTERM] { signal(signalNumber, SIG_IGN) }
    let parent = getppid()
    let watchdog = Thread {
      while getppid() == parent { Thread.sleep(forTimeInterval: 0.25) }
      _exit(0)
    }
    watchdog.start()
    // Each reply goes out as its case ends, never held while the next case runs: a case that crashes
    // the worker, or that its runner kills, takes no finished case's reply with it. The requests come
    // in batches (``ScenarioLane``), read in one blocking read.
    let channel = WorkerChannel(input: 0, output: 1)
    // What needs no settings comes first: a worker started before its runner knew them (WorkerPrestart)
    // compiles the prelude and builds its engine meanwhile, and gives the engine the run's settings after.
    ScenarioEngine.prepareProcess()
    let early = (try? ScenarioEnvironment(root: "/")).flatMap { try? ScenarioEngine(environment: $0) }
    let environment: ScenarioEnvironment
    let keepsPaths: Bool
    do {
      let settings = try channel.receive { try WorkerSettings(line: $0) }
      environment = try ScenarioEnvironment(root: settings.root, limits: settings.limits, seed: settings.seed)
      keepsPaths = settings.keepsPaths
    } catch WorkerChannel.Interruption.closed {
      return 0  // a runner that ended without a run for it (a usage error, --help)
    } catch {
      let reason =
        error is WorkerChannel.Interruption
        ? "expected the run's settings as the first line (started by permsim run only)" : "\(error)"
      FileHandle.standardError.write(Data("permsim worker: \(reason)\n".utf8))
      return 2
    }
    let adopted = (consume early).flatMap { $0.adopt(environment) ? $0 : nil }  // one not adopted goes now
    let engine = Result { () throws in
      if let adopted { return adopted }
      return try ScenarioEngine(environment: environment)
    }
    guard channel.send(WorkerLink.readyLine) else { return 0 }
    // The files of the last requests, most recent last: most requests are the next case of the same file.
    var recent: [(key: WorkerFile, file: ScenarioFile)] = []
    var reader = WorkerRequest.Reader()
    var names = ShortenedNames()
    while let request = try? channel.receive({ try reader.request($0) }) {
      let reply: WorkerReply
      do {
        let file: ScenarioFile
        if let known = recent.last(where: { $0.key == request.file }) {
          file = known.file
        } else {
          file = try request.file.scenarioFile(environment)
          if recent.count == 8 { recent.removeFirst() }
          recent.append((request.file, file))
        }
        reply = handle(request, file: file, on: try engine.get(), names: &names, keepsPaths: keepsPaths)
      } catch {
        reply = failedStart(request, error, environment: environment)
      }
      guard channel.send(reply.line) else { break }
    }
    return 0
  }

  /// The full names of the registrations a worker shortened for the runner, by file and index.
  struct ShortenedNames {
    private var _byFile: [WorkerFile: [Int: ScenarioIdentity]] = [:]

    /// The scenarios as they cross to the runner: names, tags and skip reasons bounded to the report
    /// limits (a shortened name carries its full name's digest, and the full name is kept here).
    mutating func shorten(_ scenarios: [DeclaredScenario], of file: WorkerFile) -> [DeclaredScenario] {
      scenarios.map { scenario in
        var shown = scenario
        let bytes = scenario.rawName ?? Array(scenario.name.utf8)
        if bytes.count > ReportLimits.nameBytes {
          shown.name = Excerpt.bounded(scenario.name, maxBytes: ReportLimits.nameBytes)
          shown.rawName = nil
          shown.nameDigest = ScenarioIdentity.digest(of: bytes)
          _byFile[file, default: [:]][scenario.index] = scenario.identity
        }
        shown.tags = scenario.tags.map { Excerpt.bounded($0, maxBytes: ReportLimits.nameBytes) }
        shown.skipReason = scenario.skipReason.map { Excerpt.bounded($0, maxBytes: ReportLimits.textBytes) }
        return shown
      }
    }

    /// The registration a shortened identity names, and the case's full name (`name` begins with the
    /// shortened name); nil when this worker has not seen it.
    func full(_ scenario: ScenarioIdentity, named name: String, of file: WorkerFile) -> (ScenarioIdentity, String)? {
      guard let digest = scenario.nameDigest, let full = _byFile[file]?[scenario.index],
        ScenarioIdentity.digest(of: full.nameBytes) == digest
      else { return nil }
      return (full, full.name + name.dropFirst(scenario.name.count))
    }
  }

  /// Answers one request on `engine`, bounded to what reports show: problems (``CaseProblem/bounded``),
  /// transcripts (``Excerpt/lines(_:budget:)``), and names (``ShortenedNames``).
  static func handle(_ request: WorkerRequest, file: ScenarioFile, on engine: ScenarioEngine) -> WorkerReply {
    var names = ShortenedNames()
    return handle(request, file: file, on: engine, names: &names, keepsPaths: true)
  }

  /// As ``handle(_:file:on:)``, with the shortened names of earlier requests, and the paths a case took
  /// only when the run asks for them (`keepsPaths`).
  static func handle(
    _ request: WorkerRequest, file: ScenarioFile, on engine: ScenarioEngine, names: inout ShortenedNames, keepsPaths: Bool
  ) -> WorkerReply {
    switch request {
    case .collect(let workerFile, let keepsTopLevel):
      switch engine.collect(file, keepingTopLevel: keepsTopLevel) {
      case .failed(let problem): return .collected(.failed(problem.bounded))
      case .registered(let scenarios): return .collected(.registered(names.shorten(scenarios, of: workerFile)))
      }
    case .run(let workerFile, var scenario, var name, let iosVersion, let keepsTranscript):
      if scenario.nameDigest != nil {
        if names.full(scenario, named: name, of: workerFile) == nil, case .registered(let all) = engine.collect(file) {
          _ = names.shorten(all, of: workerFile)  // a registration this worker did not collect
        }
        if let (full, fullName) = names.full(scenario, named: name, of: workerFile) { (scenario, name) = (full, fullName) }
      }
      let run = engine.run(scenario, named: name, of: file, iosVersion: iosVersion)
      let keeps = keepsTranscript || run.outcome.isProblem
      return .ran(
        ScenarioEngine.CaseRun(
          outcome: run.outcome.bounded, transcript: keeps ? Excerpt.lines(run.transcript) : [], screens: keeps ? run.screens : [],
          deviceVersions: run.deviceVersions, pathsTaken: keepsPaths ? run.pathsTaken : []))
    }
  }

  /// The reply when the engine could not start, or the file could not be read again.
  static func failedStart(_ request: WorkerRequest, _ error: any Error, environment: ScenarioEnvironment) -> WorkerReply {
    let problem = CaseVerdict.startProblem(error, memoryLimit: environment.limits.memory)
    switch request {
    case .collect: return .collected(.failed(problem))
    case .run: return .ran(ScenarioEngine.CaseRun(outcome: .errored(problem), transcript: [], deviceVersions: []))
    }
  }
}
