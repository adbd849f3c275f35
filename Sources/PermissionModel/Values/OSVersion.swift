/// An iOS release, `major.minor.patch`, ordered so that rules can apply "since" a version.
public struct OSVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The major release, e.g. 13 in 13.4.
  public let major: Int
  /// The minor release, e.g. 4 in 13.4.
  public let minor: Int
  /// The patch release, e.g. 1 in 17.2.1.
  public let patch: Int

  /// Creates a version from its numbers without checking the supported range; rule data uses it.
  public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  /// The oldest release the model covers.
  public static let oldestSupported = OSVersion(7, 0)
  /// The newest release, which a device gets when a scenario names none (§1).
  public static let newestSupported = OSVersion(26, 0)
  /// §1: Apple went from iOS 18 to iOS 26 (2025); the majors between are not versions.
  public static let skippedMajors = 19...25
  /// The supported range as the error messages spell it.
  public static let supportedRange = "7.0 – 18.x and 26.x"

  /// The release just before `major.0`, as ranges name it: `10.x` before 11.0, `18.x` before 26.0 (§1).
  public static func majorBefore(_ major: Int) -> Int {
    skippedMajors.contains(major - 1) ? skippedMajors.lowerBound - 1 : major - 1
  }

  /// Parses `"8"`, `"13.4"` or `"17.2.1"` and checks that the model covers it.
  ///
  /// - Throws: `MisuseError` of kind `malformedVersion` or `unsupportedVersion`, naming the supported range.
  public init(parsing text: String) throws(MisuseError) {
    var numbers: [Int] = []
    var current = 0
    var digits = 0
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard digits < 4 else { throw Self.malformed(text) }
        current = current * 10 + Int(byte - UInt8(ascii: "0"))
        digits += 1
      case UInt8(ascii: "."):
        guard digits > 0 else { throw Self.malformed(text) }
        numbers.append(current)
        current = 0
        digits = 0
      default:
        throw Self.malformed(text)
      }
    }
    guard digits > 0 else { throw Self.malformed(text) }
    numbers.append(current)
    guard numbers.count <= 3 else { throw Self.malformed(text) }
    let version = OSVersion(
      numbers[0], numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
    // §1: 19–25 were never released; saying so is more use than the range alone.
    if Self.skippedMajors.contains(version.major) {
      throw MisuseError(
        .unsupportedVersion,
        "iOS \(version) does not exist: iOS went from 18 to 26 (2025); the model covers iOS \(Self.supportedRange)")
    }
    guard (Self.oldestSupported.major...Self.newestSupported.major).contains(version.major) else {
      throw MisuseError(
        .unsupportedVersion,
        "iOS \(version) is not supported: the model covers iOS \(Self.supportedRange)")
    }
    self = version
  }

  public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
  }

  /// `major.minor`, plus `.patch` when it is not zero: `"8.0"`, `"13.4"`, `"17.2.1"`.
  public var description: String {
    patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)"
  }

  private static func malformed(_ text: String) -> MisuseError {
    MisuseError(
      .malformedVersion,
      "\"\(text)\" is not an iOS version: write major[.minor[.patch]], e.g. \"8\", \"13.4\" or \"17.2.1\" (supported: iOS \(supportedRange))"
    )
  }
}
