/// Which registration of its file a scenario is: what a worker's run of the file's top level must register again.
///
/// A case runs the body registered under its identity, never the one that merely comes at the same
/// position: a file whose top level registers in a different order on another run (a `pairs` loop over
/// keys whose order is not fixed) still runs each case's own body, and a case whose registration is gone
/// is an error that says which registration took its place.
public struct ScenarioIdentity: Sendable, Hashable, Codable {
  /// Position in the file's registration order, starting at 1 (0 for a file that failed to load).
  public var index: Int
  /// The full name: enclosing `describe` names and the scenario's, joined with ` › `.
  public var name: String
  /// The line of the registering call.
  public var line: Int
  /// 1 for the first registration of this name at this line, 2 for the second (a loop), and so on.
  public var occurrence: Int
  /// The name's bytes when they are not valid UTF-8 (`name` shows each invalid sequence as U+FFFD), else nil.
  public var rawName: [UInt8]?
  /// When `name` is a shortened form of the registered name (too long for reports), the registered
  /// name's ``digest(of:)``: a worker finds the registration it names by it. Nil otherwise.
  public var nameDigest: UInt64?

  public init(index: Int, name: String, line: Int, occurrence: Int = 1, rawName: [UInt8]? = nil, nameDigest: UInt64? = nil) {
    self.index = index
    self.name = name
    self.line = line
    self.occurrence = occurrence
    self.rawName = rawName
    self.nameDigest = nameDigest
  }

  /// The bytes the name was registered with.
  public var nameBytes: [UInt8] { rawName ?? Array(name.utf8) }

  /// A 64-bit FNV-1a digest of a name's bytes: how a shortened name still names one registration.
  public static func digest(of bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    return hash
  }
}
