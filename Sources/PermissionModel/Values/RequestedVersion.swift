/// An iOS version as a run or a scenario wrote it (`--ios 14`, `ios = "13.4"`), parsed once and kept as written.
///
/// Names, lists and `phone.ios` show ``text`` (`[iOS 14]`); the model gets ``version``. Two are equal when
/// they name the same release: `"14"`, `"14.0"` and `"14.0.0"` are one version, written three ways.
/// A scenario's pin that is not a version keeps its error until a device needs the version, where the
/// case reports it.
public struct RequestedVersion: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The version as written: `"14"`, `"13.4.0"`.
  public let text: String
  private let _parsed: Result<OSVersion, MisuseError>

  /// Parses `text` (``OSVersion/init(parsing:)``), keeping it as written.
  ///
  /// - Throws: What ``OSVersion/init(parsing:)`` throws for `text`.
  public init(parsing text: String) throws(MisuseError) {
    self.text = text
    _parsed = .success(try OSVersion(parsing: text))
  }

  /// Parses `text`, keeping what is wrong with it for ``version`` to throw (a scenario's pin, an option
  /// the command checks later, or a version read back from a worker's message).
  public init(written text: String) {
    self.text = text
    _parsed = Result { () throws(MisuseError) in try OSVersion(parsing: text) }
  }

  /// `version` as its ``OSVersion/description`` spells it.
  public init(_ version: OSVersion) {
    text = version.description
    _parsed = .success(version)
  }

  /// The version.
  ///
  /// - Throws: The `MisuseError` parsing ``text`` gave (malformed or unsupported).
  public var version: OSVersion {
    get throws(MisuseError) { try _parsed.get() }
  }

  /// ``text``.
  public var description: String { text }

  /// Whether both name the same release; texts that are not versions are equal when they fail alike.
  public static func == (lhs: RequestedVersion, rhs: RequestedVersion) -> Bool {
    lhs._parsed == rhs._parsed
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(try? _parsed.get())
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
