import Foundation
import Fuzzing
import Testing

/// Replays `Tests/FuzzCorpus/<harness>/` through the fuzzing harnesses: every seed and every past finding stays contained.
///
/// A crash that libFuzzer finds is saved into the harness's folder (Scripts/fuzz says how), so this test
/// turns it into a regression test: it traps here until permsim contains that input.
@Suite struct FuzzCorpusTests {
  static let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("FuzzCorpus")

  static func inputs(of target: FuzzHarness.Target) -> [URL] {
    let folder = corpus.appendingPathComponent(target.rawValue)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
  }

  @Test(arguments: FuzzHarness.Target.allCases)
  func corpusIsContained(_ target: FuzzHarness.Target) throws {
    let inputs = Self.inputs(of: target)
    #expect(inputs.count >= 3, "the \(target.rawValue) seed corpus lost its seeds")
    for input in inputs {
      FuzzHarness.run(target, [UInt8](try Data(contentsOf: input)))
    }
  }

  /// Inputs no file holds: the empty input, a lone NUL, bytes that are not UTF-8, a byte-order mark alone.
  @Test(arguments: FuzzHarness.Target.allCases)
  func degenerateInputsAreContained(_ target: FuzzHarness.Target) {
    for bytes: [UInt8] in [[], [0], [0xFF, 0xFE], [0xFE, 0xFF, 0x00], [0xEF, 0xBB, 0xBF], Array("bplist00".utf8), [0xC0, 0x80, 0x1B]] {
      FuzzHarness.run(target, bytes)
    }
  }
}
