import Foundation
import PermissionModel
import Reporting
import ScenarioRuntime
import Testing

@testable import Runner

/// The link to a worker as a state machine: bytes and a clock in, actions out; no process (issue 44).
@Suite("Worker link")
struct WorkerLinkTests {
  static let start = ContinuousClock.now
  static let file = WorkerFile(path: "s.lua", absolutePath: "/r/s.lua", readsDirectly: false)

  static func run(_ index: Int) -> WorkerRequest {
    .run(file, scenario: ScenarioIdentity(index: index, name: "s\(index)", line: index), name: "s\(index)",
      iosVersion: RequestedVersion(written: "18.0"), keepsTranscript: false)
  }

  static func link(memoryLimit: Int = 0) -> WorkerLink {
    WorkerLink(startedAt: start, timeLimit: .seconds(10), memoryLimit: memoryLimit)
  }

  static func at(_ seconds: Double) -> ContinuousClock.Instant { start + .milliseconds(Int(seconds * 1000)) }

  /// The actions as short words: `began 1`, `deliver 1 P`, `fail 2 timedOut`, `kill`, `respawn [2, 3]`.
  static func words(_ actions: [WorkerLink.Action]) -> [String] {
    actions.map { action in
      switch action {
      case .began(let id): "began \(id)"
      case .deliver(let id, .ran(let run)): "deliver \(id) \(run.outcome == .passed && run.transcript.isEmpty ? "P" : "O")"
      case .deliver(let id, .collected): "deliver \(id) C"
      case .fail(let id, let failure): "fail \(id) \(failure)"
      case .kill(let failure): "kill \(failure)"
      case .respawn(let ids): "respawn \(ids)"
      }
    }
  }

  static func bytes(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }

  @Test("jobs submitted while the worker starts are sent at once and begin, in order, when it says it is ready")
  func readyThenInOrder() {
    var link = Self.link()
    #expect(Self.words(link.submit(1, Self.run(1), now: Self.at(0))).isEmpty)
    #expect(Self.words(link.submit(2, Self.run(2), now: Self.at(0))).isEmpty)
    #expect(!link.pendingOutput.isEmpty, "both requests wait to be written before the worker is ready")
    #expect(Self.words(link.received(Self.bytes("Y\nP\t18."), now: Self.at(0.1))) == ["began 1"])
    #expect(Self.words(link.received(Self.bytes("0\nP\n"), now: Self.at(0.2))) == ["deliver 1 P", "began 2", "deliver 2 P"])
    #expect(link.queued == 0 && link.deadline == nil)
  }

  @Test("a file's paths go to a worker once; after a respawn, the new worker is told them again")
  func filesIntroducedOncePerProcess() {
    var link = Self.link()
    _ = link.submit(1, Self.run(1), now: Self.at(0))
    _ = link.submit(2, Self.run(2), now: Self.at(0))
    let sent = String(decoding: link.pendingOutput, as: UTF8.self)
    #expect(sent.components(separatedBy: "/r/s.lua").count == 2, "the absolute path once in \(sent)")
    link.wrote(link.pendingOutput.count)
    #expect(link.pendingOutput.isEmpty)
    _ = link.received(Self.bytes("Y\n"), now: Self.at(0.1))
    #expect(Self.words(link.ended(.signal(SIGSEGV), now: Self.at(0.2))) == ["fail 1 ended(signal 11 (Segmentation fault))", "respawn [2]"])
    link.connected(now: Self.at(0.3))
    #expect(String(decoding: link.pendingOutput, as: UTF8.self).contains("/r/s.lua"), "introduced again to the new process")
  }

  @Test("the head's time limit counts from when it came to the head: past it, the worker is killed, the head fails and the others go to a new worker")
  func timeLimit() {
    var link = Self.link()
    _ = link.received(Self.bytes("Y\n"), now: Self.at(0))
    _ = link.submit(1, Self.run(1), now: Self.at(1))
    _ = link.submit(2, Self.run(2), now: Self.at(1))
    #expect(Self.words(link.tick(now: Self.at(10.9), residentBytes: nil, stopping: .none)).isEmpty)
    _ = link.received(Self.bytes("P\n"), now: Self.at(10.9))
    #expect(link.deadline == Self.at(20.9), "job 2's limit counts from job 1's reply")
    #expect(Self.words(link.tick(now: Self.at(20.9), residentBytes: nil, stopping: .none)) == ["kill timedOut", "fail 2 timedOut"])
    #expect(!link.hasProcess)
  }

  @Test("past the memory limit, a job on a worker that answered others runs again on a new one; on a fresh worker it fails")
  func memory() {
    var link = Self.link(memoryLimit: 100)
    _ = link.received(Self.bytes("Y\n"), now: Self.at(0))
    for id in 1...3 { _ = link.submit(id, Self.run(id), now: Self.at(0)) }
    _ = link.received(Self.bytes("P\n"), now: Self.at(0.1))
    #expect(Self.words(link.tick(now: Self.at(0.2), residentBytes: 101, stopping: .none)) == ["kill overMemory(bytes: 101)", "respawn [2, 3]"])
    link.connected(now: Self.at(0.3))
    _ = link.received(Self.bytes("Y\n"), now: Self.at(0.4))
    #expect(Self.words(link.tick(now: Self.at(0.5), residentBytes: 100, stopping: .none)).isEmpty, "at the limit is within it")
    #expect(Self.words(link.tick(now: Self.at(0.6), residentBytes: 500, stopping: .none)) == ["kill overMemory(bytes: 500)", "fail 2 overMemory(bytes: 500)", "respawn [3]"])
  }

  @Test("a line that is not a reply, a reply before ready, or one to no request makes the worker unusable")
  func malformed() {
    var early = Self.link()
    _ = early.submit(1, Self.run(1), now: Self.at(0))
    #expect(Self.words(early.received(Self.bytes("P\n"), now: Self.at(0))) == ["kill unusable(\"the worker answered before it said it was ready\")", "fail 1 unusable(\"the worker answered before it said it was ready\")"])
    var garbled = Self.link()
    _ = garbled.received(Self.bytes("Y\n"), now: Self.at(0))
    _ = garbled.submit(1, Self.run(1), now: Self.at(0))
    #expect(Self.words(garbled.received(Self.bytes("hello\n"), now: Self.at(0))).first == "kill unusable(\"the worker answered with something else than a reply: hello\")")
    var unasked = Self.link()
    _ = unasked.received(Self.bytes("Y\n"), now: Self.at(0))
    #expect(Self.words(unasked.received(Self.bytes("P\n"), now: Self.at(0))) == ["kill unusable(\"the worker answered a request it was not sent\")"])
    var other = Self.link()
    _ = other.received(Self.bytes("Y\n"), now: Self.at(0))
    _ = other.submit(1, .collect(Self.file, keepsTopLevel: false), now: Self.at(0))
    #expect(Self.words(other.received(Self.bytes("P\n"), now: Self.at(0))).last == "fail 1 unusable(\"the worker answered another request\")")
  }

  @Test("a first stop lets the running job finish and abandons the others; an abandoning stop ends every job at once")
  func stops() {
    var finishing = Self.link()
    _ = finishing.received(Self.bytes("Y\n"), now: Self.at(0))
    for id in 1...3 { _ = finishing.submit(id, Self.run(id), now: Self.at(0)) }
    #expect(Self.words(finishing.tick(now: Self.at(1), residentBytes: nil, stopping: .finishing)).isEmpty)
    #expect(Self.words(finishing.received(Self.bytes("P\n"), now: Self.at(2))) == ["deliver 1 P", "kill stopped", "fail 2 stopped", "fail 3 stopped"])
    var abandoning = Self.link()
    _ = abandoning.received(Self.bytes("Y\n"), now: Self.at(0))
    for id in 1...2 { _ = abandoning.submit(id, Self.run(id), now: Self.at(0)) }
    #expect(Self.words(abandoning.tick(now: Self.at(1), residentBytes: nil, stopping: .abandoning)) == ["kill stopped", "fail 1 stopped", "fail 2 stopped"])
    var starting = Self.link()
    _ = starting.submit(1, Self.run(1), now: Self.at(0))
    #expect(Self.words(starting.tick(now: Self.at(1), residentBytes: nil, stopping: .finishing)) == ["kill stopped", "fail 1 stopped"], "no job runs before the worker is ready")
  }

  @Test("a job submitted with no process asks for one; a process that cannot start fails every job")
  func respawnWhenDead() {
    var link = WorkerLink(startedAt: nil, timeLimit: .seconds(1), memoryLimit: 0)
    #expect(Self.words(link.submit(1, Self.run(1), now: Self.at(0))) == ["respawn [1]"])
    #expect(Self.words(link.submit(2, Self.run(2), now: Self.at(0))) == ["respawn [1, 2]"])
    #expect(Self.words(link.couldNotStart("no such file")) == ["fail 1 unusable(\"could not start a worker process: no such file\")", "fail 2 unusable(\"could not start a worker process: no such file\")"])
  }

  @Test("a reply of megabytes arriving in pieces is delivered once, whole")
  func longReply() {
    var link = Self.link()
    _ = link.received(Self.bytes("Y\n"), now: Self.at(0))
    _ = link.submit(1, Self.run(1), now: Self.at(0))
    let reply = WorkerReply.ran(ScenarioEngine.CaseRun(outcome: .passed, transcript: [String(repeating: "t", count: 3 << 20)], deviceVersions: []))
    var line = reply.line + [UInt8(ascii: "\n")]
    var actions: [String] = []
    while !line.isEmpty {
      actions += Self.words(link.received(line.prefix(65_536), now: Self.at(0)))
      line.removeFirst(min(65_536, line.count))
    }
    #expect(actions == ["deliver 1 O"])
  }
}
