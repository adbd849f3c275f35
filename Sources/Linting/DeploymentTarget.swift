import PermissionModel

/// The oldest iOS version an app runs on as its Xcode project says it (`IPHONEOS_DEPLOYMENT_TARGET`), and which project said it.
package struct DeploymentTarget: Sendable, Hashable {
  /// The version.
  package var version: OSVersion
  /// The `.xcodeproj`, as lines show it.
  package var project: String

  /// Records the deployment target `project` gives.
  package init(version: OSVersion, project: String) {
    self.version = version
    self.project = project
  }
}
