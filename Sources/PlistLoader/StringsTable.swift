/// The localized Info.plist strings of one language from one source: a strings file, a catalog, or the scenario.
public struct StringsTable: Sendable, Hashable {
  /// Where a table comes from; when several give the same language, entries merge and the earlier case wins.
  public enum Origin: Sendable, Hashable, Comparable {
    /// The `strings` option of `phone:install`, which wins over files.
    case inline
    /// `<language>.lproj/InfoPlist.strings`, by its path relative to the scenario root.
    case stringsFile(path: String)
    /// A language of `InfoPlist.xcstrings`, by the catalog's path relative to the scenario root.
    case stringCatalog(path: String)
  }

  /// The language, as the folder, catalog or scenario spells it (`zh-Hans`, `pt_BR`, `Base`).
  public var locale: String
  /// Where the table comes from.
  public var origin: Origin
  /// Info.plist key (or purpose key) → localized text.
  public var entries: [String: String]
  /// The line each key is written on in a strings file, for messages that point at it; empty otherwise.
  package var keyLines: [String: Int]

  /// Creates a table of `locale` from `origin`.
  public init(locale: String, origin: Origin, entries: [String: String], keyLines: [String: Int] = [:]) {
    self.locale = locale
    self.origin = origin
    self.entries = entries
    self.keyLines = keyLines
  }
}
