/// An iOS version as a run or a scenario wrote it (`--ios 14`, `ios = "13.4"`), parsed once and kept as written.
///
/// Names, lists and `phone.ios` show ``text`` (`[iOS 14]`); the model gets ``version``. Two are equal when
/// they name the same release: `"14"`, `"14.0"` and `"14.0.0"` are one version, written three ways.
/// A scenario's pin that is not a version keeps its error until a device needs the version, where the
/// case reports it.
public struct RequestedVersion: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The version as written: `"14"`, `"13.4.0"`.
  public let text: String
  /// The version's numbers, packed (a run plans a case per version, and 100,000 cases should fit in 64 MB),
  /// or nil when `text` is not a supported version: only then is it parsed again, to throw its error.
  private let _parsed: Packed?

  private struct Packed: Hashable, Sendable {
    // OSVersion(parsing:) allows four digits a number.
    let major: UInt16, minor: UInt16, patch: UInt16

    init(_ version: OSVersion) {
      major = UInt16(version.major)
      minor = UInt16(version.minor)
      patch = UInt16(version.patch)
    }

    var version: OSVersion { OSVersion(Int(major), Int(minor), Int(patch)) }
  }

  /// Parses `text` (``OSVersion/init(parsing:)``), keeping it as written.
  ///
  /// - Throws: What ``OSVersion/init(parsing:)`` throws for `text`.
  public init(parsing text: String) throws(MisuseError) {
    self.text = text
    _parsed = Packed(try OSVersion(parsing: text))
  }

  /// Parses `text`, keeping what is wrong with it for ``version`` to throw (a scenario's pin, an option
  /// the command checks later, or a version read back from a worker's message).
  public init(written text: String) {
    self.text = text
    _parsed = (try? OSVersion(parsing: text)).map(Packed.init)
  }

  /// `version` as its ``OSVersion/description`` spells it.
  public init(_ version: OSVersion) {
    text = version.description
    _parsed = Packed(version)
  }

  /// The version.
  ///
  /// - Throws: The `MisuseError` parsing ``text`` gave (malformed or unsupported).
  public var version: OSVersion {
    get throws(MisuseError) {
      if let _parsed { return _parsed.version }
      return try OSVersion(parsing: text)  // throws: the text did not parse when the value was made
    }
  }

  /// ``text``.
  public var description: String { text }

  /// Whether both name the same release; texts that are not versions are equal when they fail alike.
  public static func == (lhs: RequestedVersion, rhs: RequestedVersion) -> Bool {
    guard lhs._parsed == nil, rhs._parsed == nil else { return lhs._parsed == rhs._parsed }
    return lhs.error == rhs.error
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(_parsed)
  }

  /// Why `text` is not a version (nil when it is).
  private var error: MisuseError? {
    do {
      _ = try version
      return nil
    } catch {
      return error
    }
  }

  /// Decodes the text, as written.
  public init(from decoder: any Decoder) throws {
    self.init(written: try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes the text, as written.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
}
