import PermissionModel

/// What `lint` checks: the iOS versions, the app's intentions and whether it is an App Clip.
public struct LintOptions: Sendable, Hashable {
  /// The versions to check, both ends included.
  public var versions: ClosedRange<OSVersion>
  /// What the app means to do; empty to infer it from the Info.plist's keys.
  public var intents: Set<LintIntent>
  /// Whether to check the app as an App Clip even without an `NSAppClip` key (A1, A2).
  public var appClip: Bool
  /// Languages the app must be translated into (`--locale`): a text one of them lacks, or a missing
  /// localization, is an error rather than a warning (K4, K5; found as a device finds them, Z0).
  public var locales: [String]

  /// The versions `lint` checks when none are given: iOS 8.0 (the first with request calls) to the newest.
  public static let defaultVersions = OSVersion(8)...OSVersion.newestSupported

  /// Creates options; the defaults check iOS 8.0–26.x with intentions inferred from the keys.
  public init(
    versions: ClosedRange<OSVersion> = defaultVersions, intents: Set<LintIntent> = [], appClip: Bool = false,
    locales: [String] = []
  ) {
    self.versions = versions
    self.intents = intents
    self.appClip = appClip
    self.locales = locales
  }

  /// Parses `--ios`: a range `A...B` or a single version, each `major[.minor[.patch]]`.
  ///
  /// - Throws: `MisuseError` for a malformed or unsupported version, or a range whose ends are reversed.
  public static func versions(parsing text: String) throws(MisuseError) -> ClosedRange<OSVersion> {
    let ends = text.split(separator: "...", maxSplits: 1, omittingEmptySubsequences: false)
    let lower = try OSVersion(parsing: String(ends[0]))
    let upper = ends.count == 2 ? try OSVersion(parsing: String(ends[1])) : lower
    guard lower <= upper else {
      throw MisuseError(.invalidArgument, "\"\(text)\" is not a range of iOS versions: write the older one first, e.g. 8.0...26.0")
    }
    return lower...upper
  }
}
