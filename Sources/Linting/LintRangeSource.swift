/// Where the first version `lint` checked came from, as the summary says it.
package enum LintRangeSource: Sendable, Hashable {
  /// `--ios`.
  case given
  /// A key of the Info.plist: `MinimumOSVersion` (or `LSMinimumSystemVersion`).
  case infoPlistKey(String)
  /// The `IPHONEOS_DEPLOYMENT_TARGET` of the Xcode project whose target builds the Info.plist.
  case xcodeProject(String)
  /// Nothing said it: ``LintOptions/assumedDeploymentTarget``.
  case assumed

  /// The summary's words after the range: `, from MinimumOSVersion`, or how to set an assumed start.
  var summaryNote: String {
    switch self {
    case .given: ""
    case .infoPlistKey(let key): ", from \(key)"
    case .xcodeProject(let project): ", from IPHONEOS_DEPLOYMENT_TARGET in \(project)"
    case .assumed:
      ", from \(LintOptions.assumedDeploymentTarget) assumed (no MinimumOSVersion, no Xcode project naming this Info.plist; set the versions with --ios)"
    }
  }
}
