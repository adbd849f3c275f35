/// One of N deterministic, balanced parts of a run's cases (`--shard K/N`).
///
/// Cases are ranked by a stable hash of their identity (the file's path and the case's name: FNV-1a,
/// 64 bits, the same on every machine and in every process, unlike Swift's seeded `Hasher`) and dealt
/// out in that order: part K gets the cases of rank K-1, K-1+N, K-1+2N… So the parts differ in size
/// by at most one case, none is empty while there are at least N cases, and together they hold
/// every case exactly once.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
  /// Which part, from 1 to `count`.
  public var index: Int
  /// How many parts the suite is split into.
  public var count: Int

  /// Parses `K/N` with 1 ≤ K ≤ N.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n else { return nil }
    index = k
    count = n
  }

  public init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  public var description: String { "\(index)/\(count)" }

  /// The shard a CI fleet assigns this job (`--shard auto`), read from the variables of ``fleets``.
  ///
  /// Exactly one fleet's pair must be set (or several that agree); a lone variable of a pair, a value
  /// that is not a whole number, an index outside the total or two fleets that disagree is an error.
  package static func assigned(by environment: [String: String]) throws(AssignmentError) -> Shard {
    var found: [(fleet: Fleet, shard: Shard)] = []
    for fleet in fleets {
      let index = environment[fleet.index].flatMap { $0.isEmpty ? nil : $0 }
      let total = environment[fleet.total].flatMap { $0.isEmpty ? nil : $0 }
      switch (index, total) {
      case (nil, nil):
        continue
      case (let index?, let total?):
        guard let k = Int(index), let n = Int(total), n >= 1 else {
          throw AssignmentError("\(fleet.name) sets \(fleet.index)=\(index) and \(fleet.total)=\(total): expected whole numbers, the total at least 1")
        }
        let shard = Shard(index: k - fleet.firstIndex + 1, count: n)
        guard shard.index >= 1, shard.index <= n else {
          let range = "\(fleet.firstIndex)…\(n - 1 + fleet.firstIndex)"
          throw AssignmentError("\(fleet.name) sets \(fleet.index)=\(index), outside \(range) for \(fleet.total)=\(total)")
        }
        found.append((fleet, shard))
      default:
        let (set, unset) = index == nil ? (fleet.total, fleet.index) : (fleet.index, fleet.total)
        throw AssignmentError("\(fleet.name): \(set) is set but \(unset) is not")
      }
    }
    guard let first = found.first else {
      let pairs = fleets.map { "\($0.index)/\($0.total) (\($0.name))" }.joined(separator: ", ")
      throw AssignmentError("none of \(pairs) is set: outside such a parallel job, give --shard K/N")
    }
    if let other = found.first(where: { $0.shard != first.shard }) {
      throw AssignmentError("\(first.fleet.name) says shard \(first.shard) but \(other.fleet.name) says \(other.shard)")
    }
    return first.shard
  }

  /// A CI system that runs N copies of a job and tells each which one it is.
  package struct Fleet: Sendable {
    /// The CI's name, for messages.
    package var name: String
    /// The variable holding this job's index.
    package var index: String
    /// The variable holding the number of jobs.
    package var total: String
    /// The index of the first job: 0 or 1, as the CI defines it.
    package var firstIndex: Int
  }

  /// The fleets `--shard auto` knows, each with its variables as its documentation defines them.
  package static let fleets: [Fleet] = [
    // GitLab `parallel: N`: CI_NODE_INDEX runs from 1 to CI_NODE_TOTAL.
    Fleet(name: "GitLab CI", index: "CI_NODE_INDEX", total: "CI_NODE_TOTAL", firstIndex: 1),
    // Buildkite `parallelism: N`: BUILDKITE_PARALLEL_JOB runs from 0 to BUILDKITE_PARALLEL_JOB_COUNT - 1.
    Fleet(name: "Buildkite", index: "BUILDKITE_PARALLEL_JOB", total: "BUILDKITE_PARALLEL_JOB_COUNT", firstIndex: 0),
    // CircleCI `parallelism: N`: CIRCLE_NODE_INDEX runs from 0 to CIRCLE_NODE_TOTAL - 1.
    Fleet(name: "CircleCI", index: "CIRCLE_NODE_INDEX", total: "CIRCLE_NODE_TOTAL", firstIndex: 0),
  ]

  /// Why `--shard auto` found no shard: the message names the variables it read.
  package struct AssignmentError: Error, Equatable, CustomStringConvertible {
    package var description: String

    init(_ description: String) { self.description = description }
  }

  /// The positions in `identities` of the cases that belong to this part, in ascending order.
  public func positions(of identities: [String]) -> [Int] {
    let hashes = identities.map(Self.stableHash)
    let ranked = identities.indices.sorted { a, b in
      if hashes[a] != hashes[b] { return hashes[a] < hashes[b] }
      if identities[a] != identities[b] { return identities[a] < identities[b] }
      return a < b
    }
    return ranked.enumerated().filter { $0.offset % count == index - 1 }.map(\.element).sorted()
  }

  /// FNV-1a (64-bit) of the UTF-8 bytes of `text`.
  public static func stableHash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    return hash
  }
}
