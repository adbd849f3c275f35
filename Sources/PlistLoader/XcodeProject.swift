import Foundation
import PermissionModel

/// An Xcode project's `project.pbxproj`, read with Foundation as the old-style property list it is.
///
/// Source Info.plists never hold `MinimumOSVersion`: Xcode writes it at build time from the target's
/// `IPHONEOS_DEPLOYMENT_TARGET`. ``deploymentTarget(forInfoPlist:)`` finds that setting for the target
/// whose `INFOPLIST_FILE` names an Info.plist, as `permsim lint` needs it to know the versions an app runs on.
package struct XcodeProject: Sendable, Hashable {
  /// One build configuration (Debug, Release…) of a target, with the project's configuration of the same name.
  struct Configuration: Sendable, Hashable {
    var infoPlistFile: String?
    var deploymentTarget: String?
  }

  /// Every target's configurations, the project's settings filled in where the target has none.
  let configurations: [Configuration]

  /// Parses a `project.pbxproj`.
  ///
  /// - Throws: ``PlistLoadError`` naming `path` when the file is not a property list with an `objects` table.
  package init(data: Data, path: String) throws {
    let root = try PropertyListReader.dictionary(from: data, path: path)
    guard let objects = root["objects"]?.dictionaryValue else {
      throw PlistLoadError(.unexpectedStructure, path: path, reason: "has no objects table, as every project.pbxproj does")
    }
    func object(_ id: PlistValue?) -> [String: PlistValue]? {
      id?.stringValue.flatMap { objects[$0]?.dictionaryValue }
    }
    /// The build settings of a configuration list, by configuration name.
    func settings(ofList list: PlistValue?) -> [String: [String: PlistValue]] {
      var byName: [String: [String: PlistValue]] = [:]
      for id in object(list)?["buildConfigurations"]?.arrayValue ?? [] {
        guard let configuration = object(id), let name = configuration["name"]?.stringValue else { continue }
        byName[name] = configuration["buildSettings"]?.dictionaryValue ?? [:]
      }
      return byName
    }
    let project = objects.values.compactMap(\.dictionaryValue).first { $0["isa"] == .string("PBXProject") }
    let projectSettings = settings(ofList: project?["buildConfigurationList"])
    var configurations: [Configuration] = []
    for target in objects.values.compactMap(\.dictionaryValue) where target["isa"] == .string("PBXNativeTarget") {
      for (name, own) in settings(ofList: target["buildConfigurationList"]).sorted(by: { $0.key < $1.key }) {
        let key = "IPHONEOS_DEPLOYMENT_TARGET"
        configurations.append(
          Configuration(
            infoPlistFile: own["INFOPLIST_FILE"]?.stringValue,
            deploymentTarget: own[key]?.stringValue ?? projectSettings[name]?[key]?.stringValue))
      }
    }
    self.configurations = configurations
  }

  /// The oldest `IPHONEOS_DEPLOYMENT_TARGET` among the configurations of the targets whose
  /// `INFOPLIST_FILE` names `infoPlist` (a path relative to the folder holding the `.xcodeproj`); nil when
  /// no target names it or none of them sets a version.
  package func deploymentTarget(forInfoPlist infoPlist: String) -> OSVersion? {
    let wanted = Self.normalized(infoPlist)
    return configurations.filter { $0.infoPlistFile.map(Self.normalized) == wanted }
      .compactMap { $0.deploymentTarget.flatMap { try? OSVersion(parsing: $0) } }
      .min()
  }

  /// A path as `INFOPLIST_FILE` may write it, without `$(SRCROOT)/` (either spelling) or `./`.
  private static func normalized(_ path: String) -> String {
    var path = Substring(path)
    for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/", "./"] where path.hasPrefix(prefix) {
      path = path.dropFirst(prefix.count)
    }
    return String(path)
  }
}
