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
