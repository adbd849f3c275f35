import Diagrams
import PermissionModel

/// What coverage measures against: the diagrams of an app holding every key, or of the app one Info.plist describes.
public struct CoverageBaseline: Hashable, Sendable {
  /// The app's usage descriptions.
  public let keys: Set<UsageDescriptionKey>
  /// An app or an App Clip (A3).
  public let kind: AppKind
  /// The Info.plist's path as given, or `nil` for every key.
  public let app: String?

  /// An app with every key: the default.
  public static let everyKey = CoverageBaseline(keys: Set(UsageDescriptionKey.allCases), kind: .app, app: nil)

  public init(keys: Set<UsageDescriptionKey>, kind: AppKind, app: String?) {
    self.keys = keys
    self.kind = kind
    self.app = app
  }

  /// What nothing covers yet of `version`: its diagram's transitions, alerts and buttons, its rules, its Settings choices.
  func empty(_ version: OSVersion) -> VersionCoverage {
    VersionCoverage(diagram: StateMachineDiagram(version: version, keys: keys, kind: kind))
  }
}
