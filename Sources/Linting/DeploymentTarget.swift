import PermissionModel

/// The oldest iOS version an app runs on as its Xcode project says it (`IPHONEOS_DEPLOYMENT_TARGET`), and which project said it.
public struct DeploymentTarget: Sendable, Hashable {
  /// The version.
  public var version: OSVersion
  /// The `.xcodeproj`, as lines show it.
  public var project: String

  /// Records the deployment target `project` gives.
  public init(version: OSVersion, project: String) {
    self.version = version
    self.project = project
  }
}
