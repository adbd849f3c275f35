import Foundation
import PermissionModel

/// What `lint` checks: the iOS versions, the app's intentions and SDK, and whether it is an App Clip.
public struct LintOptions: Sendable, Hashable {
  /// The versions to check, both ends included; nil to check from the app's `MinimumOSVersion` (or
  /// `LSMinimumSystemVersion`) when the Info.plist declares one, else from ``deploymentTarget`` when an
  /// Xcode project gives one, else from ``assumedDeploymentTarget``.
  public var versions: ClosedRange<OSVersion>?
  /// The `IPHONEOS_DEPLOYMENT_TARGET` of the Xcode project that builds the Info.plist, and the project's path.
  package var deploymentTarget: DeploymentTarget?
  /// The SDK the app is linked against (`--sdk`); nil for each version's own, as an app built with a
  /// current Xcode (K1b, R1b and B1 read it).
  public var sdk: OSVersion?
  /// What the app means to do; empty to infer it from the Info.plist's keys.
  public var intents: Set<LintIntent>
  /// Whether to check the app as an App Clip even without an `NSAppClip` key (A1, A2).
  public var appClip: Bool
  /// Languages the app must be translated into (`--locale`): a text one of them lacks, or a missing
  /// localization, is an error rather than a warning (K4, K5; found as a device finds them, Z0).
  public var locales: [String]
  /// The `fullAccuracyPurposeKey`s the app's service sessions name (`--session-purpose-key`, SS9).
  public var sessionPurposeKeys: [String]

  /// The first version checked when neither the Info.plist nor an Xcode project says which *(assumed)*:
  /// iOS 15.0, the oldest deployment target Apple's table lists for Xcode 26
  /// (developer.apple.com/support/xcode), so an app built today runs on nothing older.
  public static let assumedDeploymentTarget = OSVersion(15)

  /// The versions `lint` checks when nothing says where the app starts: ``assumedDeploymentTarget`` to the newest.
  public static let defaultVersions = assumedDeploymentTarget...OSVersion.newestSupported

  /// Creates options; the defaults check from the app's minimum (or 15.0) to 26.x with intentions inferred from the keys.
  public init(
    versions: ClosedRange<OSVersion>? = nil, intents: Set<LintIntent> = [], appClip: Bool = false,
    locales: [String] = [], sessionPurposeKeys: [String] = [], sdk: OSVersion? = nil
  ) {
    self.versions = versions
    self.sdk = sdk
    self.intents = intents
    self.appClip = appClip
    self.locales = locales
    self.sessionPurposeKeys = sessionPurposeKeys
  }

  /// Parses `--ios`: a range `A...B` or a single version, each `major[.minor[.patch]]`.
  ///
  /// - Throws: `MisuseError` for a malformed or unsupported version, a range whose ends are reversed, or
  ///   a range written another way (`14-18`, `14..18`), with the form to write instead.
  public static func versions(parsing text: String) throws(MisuseError) -> ClosedRange<OSVersion> {
    if !text.contains("...") {
      for separator in ["..", "–", "—", "-", " to "] where text.contains(separator) {
        let ends = text.components(separatedBy: separator).map { $0.trimmingCharacters(in: .whitespaces) }
        if ends.count == 2, (try? OSVersion(parsing: ends[0])) != nil, (try? OSVersion(parsing: ends[1])) != nil {
          throw MisuseError(
            .invalidArgument, "\"\(text)\" is not a range of iOS versions: write \(ends[0])...\(ends[1]) (three dots)")
        }
      }
    }
    let ends = text.split(separator: "...", maxSplits: 1, omittingEmptySubsequences: false)
    let lower = try OSVersion(parsing: String(ends[0]))
    let upper = ends.count == 2 ? try OSVersion(parsing: String(ends[1])) : lower
    guard lower <= upper else {
      throw MisuseError(.invalidArgument, "\"\(text)\" is not a range of iOS versions: write the older one first, e.g. 8.0...26.0")
    }
    return lower...upper
  }
}
