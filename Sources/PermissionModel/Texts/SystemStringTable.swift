/// One language's table of the system's own texts, as a data file gives it (BEHAVIOR.md §19, Z0).
///
/// Titles and messages are keyed by alert id (`P7`), buttons and Settings labels by the English label
/// BEHAVIOR.md names them with (`Allow Once`, `While Using the App`), switches by their English name.
/// Each entry lists the texts by the first version they appear in: a text holds until the next one (Z1).
public struct SystemStringTable: Sendable {
  /// A text and the first version it appears in.
  public struct Band: Hashable, Sendable {
    public let since: OSVersion
    public let text: String
  }

  /// A table file that does not decode.
  public struct FormatError: Error, Sendable, CustomStringConvertible {
    public let file: String
    public let reason: String
    public var description: String { "SystemStrings/\(file): \(reason)" }
  }

  /// The language the table is for, as a device locale names it (`zh-Hans`).
  public let language: String
  /// Whether the texts come from sources (SYSTEM_STRINGS.md); a sample table says it is unverified.
  public let verified: Bool
  /// What the file says about itself and its sources.
  public let note: String
  /// The entries that are the model's decision, not found in any source, as `section.key.since`.
  public let assumed: [String]
  public let titles: [String: [Band]]
  public let messages: [String: [Band]]
  public let buttons: [String: [Band]]
  /// Other wordings of a button that `tap` accepts (SCENARIO_API §5), by the button's English label.
  public let alternatives: [String: [String]]
  public let settings: [String: [Band]]
  public let switches: [String: [Band]]

  init(
    language: String, verified: Bool, note: String, assumed: [String], titles: [String: [Band]],
    messages: [String: [Band]], buttons: [String: [Band]], alternatives: [String: [String]],
    settings: [String: [Band]], switches: [String: [Band]]
  ) {
    self.language = language
    self.verified = verified
    self.note = note
    self.assumed = assumed
    self.titles = titles
    self.messages = messages
    self.buttons = buttons
    self.alternatives = alternatives
    self.settings = settings
    self.switches = switches
  }

  /// The text of an entry on a version: the newest band not after it (the oldest band before the first).
  static func text(in bands: [Band]?, on version: OSVersion) -> String? {
    guard let bands, let first = bands.first else { return nil }
    return bands.last { $0.since <= version }?.text ?? first.text
  }

  /// `7`, `13.4` or `16.0.1`, unchecked against the supported range (a band may start on a later release).
  static func version(_ text: String) -> OSVersion? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard !part.isEmpty, part.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
        let number = Int(part)
      else { return nil }
      numbers.append(number)
    }
    while numbers.count < 3 { numbers.append(0) }
    return OSVersion(numbers[0], numbers[1], numbers[2])
  }

  // MARK: - The tables in the package

  /// Every table of `SystemStrings/`, decoded once, by file name.
  ///
  /// A table that does not decode stops the program: the tables are part of the build, and
  /// `SystemTextsTests` decodes each of them.
  public static let all: [SystemStringTable] = EmbeddedSystemStrings.files.map { file in
    do {
      return try SystemStringTable(file: file.file, bytes: file.bytes)
    } catch {
      preconditionFailure("\(error)")
    }
  }

  /// The file names of the tables, in the order of `all`.
  public static let files: [String] = EmbeddedSystemStrings.files.map(\.file)
}
