import Foundation

extension InfoPlistDocument {
  /// Loads an Info.plist (XML, binary or old-style) and the localized strings beside it, through the file gate.
  ///
  /// Beside the Info.plist the loader reads every `<language>.lproj/InfoPlist.strings` (UTF-8 or UTF-16,
  /// with or without a BOM, or a compiled plist) and `InfoPlist.xcstrings`. A path that names a directory,
  /// such as an app folder or a built `.app`, means the `Info.plist` inside it.
  ///
  /// - Parameters:
  ///   - path: The `plist` option of `phone:install`: relative to `base`, or absolute.
  ///   - base: The directory of the scenario file (absolute, or relative to the root); defaults to the root.
  ///   - access: The gate every file goes through; nothing outside its root is read.
  /// - Throws: ``FileAccessError`` for a file outside the root or missing; ``PlistLoadError`` for a file
  ///   that does not parse, with its path relative to the root and, when Foundation gives it, the line:
  ///   `Examples/apps/X/Info.plist: line 5: Found non-key inside <dict>`.
  public init(contentsOf path: String, relativeTo base: String? = nil, access: ScopedFileAccess) throws {
    var plistPath = try access.resolve(path, relativeTo: base)
    if access.isDirectory(plistPath) {
      plistPath = try access.resolve("Info.plist", relativeTo: plistPath)
    }
    let shownPath = access.displayPath(plistPath)
    let plistData = try access.read(plistPath)
    let values = try PropertyListReader.dictionary(from: plistData, path: shownPath)
    let folder = Self.parent(of: plistPath)

    var tables: [StringsTable] = []
    var localizationFolders: [String] = []
    for name in access.entries(ofDirectory: folder) where name.hasSuffix(".lproj") {
      let lproj = try access.resolve(name, relativeTo: folder)
      guard access.isDirectory(lproj) else { continue }
      let locale = String(name.dropLast(".lproj".count))
      localizationFolders.append(locale)
      guard let stringsPath = try Self.existingFile("InfoPlist.strings", in: lproj, access: access) else { continue }
      let shown = access.displayPath(stringsPath)
      let data = try access.read(stringsPath)
      let entries = try StringsFile.parse(data, path: shown)
      tables.append(
        StringsTable(locale: locale, origin: .stringsFile(path: shown), entries: entries, keyLines: StringsFile.keyLines(data)))
    }

    var staleCatalogKeys: [String] = []
    if let catalogPath = try Self.existingFile("InfoPlist.xcstrings", in: folder, access: access) {
      let shown = access.displayPath(catalogPath)
      let catalog = try StringCatalog(data: access.read(catalogPath), path: shown)
      for (language, entries) in catalog.languages {
        tables.append(StringsTable(locale: language, origin: .stringCatalog(path: shown), entries: entries))
      }
      staleCatalogKeys = catalog.staleKeys
    }

    self.init(
      values: values, strings: LocalizedStrings(tables), path: shownPath,
      localizationFolders: localizationFolders, staleCatalogKeys: staleCatalogKeys,
      keyLines: KeyLines.ofPropertyList(plistData))
  }

  /// Parses an Info.plist's bytes (XML, binary or old-style) already in memory, without localized strings.
  ///
  /// - Throws: ``PlistLoadError`` naming `path`, as for a file.
  public init(data: Data, path: String) throws {
    self.init(
      values: try PropertyListReader.dictionary(from: data, path: path), path: path, keyLines: KeyLines.ofPropertyList(data))
  }

  // MARK: - Paths

  /// The resolved path of `name` in `folder`, or nil when there is no such file; outside the root still throws.
  private static func existingFile(_ name: String, in folder: String, access: ScopedFileAccess) throws -> String? {
    do {
      let path = try access.resolve(name, relativeTo: folder)
      return access.isDirectory(path) ? nil : path
    } catch let error as FileAccessError where error.kind == .notFound {
      return nil
    }
  }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }
}
