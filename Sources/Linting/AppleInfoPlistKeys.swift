/// The Info.plist keys Apple defines and the names Xcode's editor shows for some of them, from `Resources/InfoPlistKeys.tsv`.
///
/// `lint` suggests a location key only for a key that is none of Apple's (`NSMotionUsageDescription` is
/// CoreMotion's, not a typo of `NSLocationUsageDescription`), and recognises an Xcode name written as a
/// raw key (`Privacy - Location When In Use Usage Description`), which iOS never reads.
package enum AppleInfoPlistKeys {
  /// Every key of the table.
  package static let keys: Set<String> = Set(table.map(\.key))

  /// The key each Xcode name stands for.
  package static let keysByXcodeName: [String: String] = Dictionary(
    table.compactMap { row in row.xcodeName.map { ($0, row.key) } }, uniquingKeysWith: { first, _ in first })

  /// Whether Apple defines `key`, also with a device suffix (`UIMainStoryboardFile~ipad`).
  package static func contains(_ key: String) -> Bool {
    keys.contains(key) || key.firstIndex(of: "~").map { keys.contains(String(key[..<$0])) } == true
  }

  /// The rows of the data file: a key, and the name Xcode shows for it when the file gives one.
  private static let table: [(key: String, xcodeName: String?)] = {
    let text = String(decoding: PackageResources.InfoPlistKeys_tsv, as: UTF8.self)
    return text.split(separator: "\n").compactMap { line in
      guard !line.hasPrefix("#") else { return nil }
      let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
      return fields.first.map { ($0, fields.count > 1 ? fields[1] : nil) }
    }
  }()
}
