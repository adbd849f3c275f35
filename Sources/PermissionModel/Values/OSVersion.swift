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
  /// The newest release a device gets when a scenario names none.
  public static let newestSupported = OSVersion(18, 0)
  /// The supported range as the error messages spell it.
  public static let supportedRange = "7.0 – 18.x"

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
