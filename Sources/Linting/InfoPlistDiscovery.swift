import Foundation

/// The Info.plists `permsim lint FOLDER` checks when the folder holds none itself: every `Info.plist` or
/// `*-Info.plist` below it, outside build output, dependencies and bundles.
package enum InfoPlistDiscovery {
  /// Folders never searched: build output, package managers' checkouts, version control.
  static let skippedFolders: Set<String> = [
    ".build", "build", "Build", "DerivedData", "Pods", "Carthage", "SourcePackages", "node_modules", ".git", ".swiftpm",
  ]
  /// Bundles and projects never searched: built products hold compiled Info.plists of their own.
  static let skippedExtensions = [
    ".app", ".appex", ".framework", ".xcframework", ".xcarchive", ".bundle", ".dSYM", ".xcodeproj", ".xcworkspace",
  ]
  /// Files named like an Info.plist that are not one.
  static let otherPlists: Set<String> = ["GoogleService-Info.plist"]

  /// Whether `folder` should be searched rather than linted as the folder of one Info.plist: it holds no `Info.plist` itself.
  package static func isSearchRoot(_ folder: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue
      && !FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("Info.plist"))
  }

  /// The Info.plists below `folder`, as paths under it the way the user wrote it, sorted; symbolic links are not followed.
  package static func infoPlists(under folder: String) -> [String] {
    let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    var found: [String] = []
    var pending = [""]
    while let relative = pending.popLast() {
      let path = relative.isEmpty ? base : base + "/" + relative
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      for entry in entries {
        let child = relative.isEmpty ? entry : relative + "/" + entry
        // Symbolic links are not followed, so a link to a folder above cannot loop.
        let type = (try? FileManager.default.attributesOfItem(atPath: base + "/" + child))?[.type] as? FileAttributeType
        if type == .typeDirectory {
          if !skippedFolders.contains(entry), !skippedExtensions.contains(where: entry.hasSuffix) { pending.append(child) }
        } else if type == .typeRegular, entry == "Info.plist" || (entry.hasSuffix("-Info.plist") && !otherPlists.contains(entry)) {
          found.append(base + "/" + child)
        }
      }
    }
    return found.sorted()
  }
}
