/// One of N deterministic parts of a suite, split by file (`--shard K/N`).
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

  /// Whether the file at this position of the path-sorted file list belongs to this shard.
  public func contains(filePosition: Int) -> Bool {
    filePosition % count == index - 1
  }
}
