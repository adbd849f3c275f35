/// What `permsim lint` needs to know about an Info.plist and its localizations, gathered without a device.
public struct InfoPlistInventory: Sendable, Hashable {
  /// A location-related key and the type its value has, if the Info.plist holds it.
  public struct KeyType: Sendable, Hashable {
    /// The Info.plist key.
    public var key: String
    /// The value's type, or nil when the key is absent.
    public var kind: PlistValue.Kind?

    /// Records the type of `key`'s value.
    public init(key: String, kind: PlistValue.Kind?) {
      self.key = key
      self.kind = kind
    }
  }

  /// One strings table and how it covers the texts alerts show.
  public struct Localization: Sendable, Hashable {
    /// The language, as its folder, catalog or scenario spells it.
    public var locale: String
    /// The `.lproj` file, the catalog, or the inline strings.
    public var origin: StringsTable.Origin
    /// The ``InfoPlistInventory/translatableKeys`` this table translates, in that order.
    public var translatedKeys: [String]
    /// The ``InfoPlistInventory/translatableKeys`` this table lacks, in that order: alerts show the Info.plist text.
    public var missingKeys: [String]
    /// The table's other keys, sorted: texts for other frameworks, or misspelt purpose keys.
    public var otherKeys: [String]

    /// Records what the table of `locale` translates.
    public init(
      locale: String, origin: StringsTable.Origin, translatedKeys: [String], missingKeys: [String], otherKeys: [String]
    ) {
      self.locale = locale
      self.origin = origin
      self.translatedKeys = translatedKeys
      self.missingKeys = missingKeys
      self.otherKeys = otherKeys
    }
  }

  /// The Info.plist file relative to the scenario root, or nil for an inline table.
  public var path: String?
  /// Every key the model reads, in a fixed order, with the type of its value.
  public var keyTypes: [KeyType]
  /// The texts alerts show, which a localization should translate: the names, the usage descriptions
  /// present (K1) and the purpose keys (K4), in that order.
  public var translatableKeys: [String]
  /// The name of every `.lproj` folder beside the Info.plist, sorted, with or without an InfoPlist.strings.
  public var localizationFolders: [String]
  /// The languages of `InfoPlist.xcstrings` that have at least one text, sorted.
  public var catalogLanguages: [String]
  /// The keys `InfoPlist.xcstrings` marks stale, sorted.
  public var staleCatalogKeys: [String]
  /// Every strings table, by origin and then language.
  public var localizations: [Localization]
  /// The values the model ignores because of their type (K1, K3, K4, K6).
  public var diagnostics: [PlistDiagnostic]
}
