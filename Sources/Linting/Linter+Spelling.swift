import Foundation
import PermissionModel
import PlistLoader

extension Linter {
  /// The location keys iOS reads, which a misspelled key is compared with.
  static let locationKeys: [String] =
    UsageDescriptionKey.allCases.map(\.rawValue)
    + [InfoPlistKey.temporaryUsageDescriptionDictionary, .defaultAccuracyReduced, .backgroundModes].map(\.rawValue)

  /// A key iOS does not read that stands for a location key: a typo of it, or the name Xcode's editor shows for it.
  struct KeyMistake: Hashable {
    /// The key as written.
    var key: String
    /// The key iOS reads.
    var meant: String
    /// Whether `key` is the name Xcode shows (`Privacy - Location When In Use Usage Description`) rather than a typo.
    var isXcodeName: Bool
  }

  /// The keys of `values` that stand for location keys: Xcode's names, then typos, each sorted.
  static func keyMistakes(in values: [String: PlistValue]) -> [KeyMistake] {
    xcodeNamedKeys(in: values).map { KeyMistake(key: $0.key, meant: $0.meant, isXcodeName: true) }
      + misspelledKeys(in: values).map { KeyMistake(key: $0.key, meant: $0.meant, isXcodeName: false) }
  }

  /// Each key written as the name Xcode's property-list editor shows (`Privacy - Location Usage Description`),
  /// which iOS never reads, with the key it stands for.
  static func xcodeNamedKeys(in values: [String: PlistValue]) -> [(key: String, meant: String)] {
    values.keys.sorted().compactMap { key in
      AppleInfoPlistKeys.keysByXcodeName[key.trimmingCharacters(in: .whitespaces)].map { (key, $0) }
    }
  }

  /// Each top-level key iOS does not read that is a typo of a location key, with the key it was meant to be.
  ///
  /// A typo is within three edits of the key, or a sixth of its length (`NSLocationWhenInUsageDescription`
  /// → `NSLocationWhenInUseUsageDescription`), ignoring case. A key Apple defines is never a typo
  /// (`NSMotionUsageDescription` is CoreMotion's), nor is a key further away (`NSCameraUsageDescription`).
  static func misspelledKeys(in values: [String: PlistValue]) -> [(key: String, meant: String)] {
    let known = Set(locationKeys).union(InfoPlistKey.allCases.map(\.rawValue))
    return values.keys.sorted().compactMap { key in
      guard !known.contains(key), !AppleInfoPlistKeys.contains(key) else { return nil }
      let typed = Array(key.lowercased())
      var best: (key: String, distance: Int)?
      for candidate in locationKeys {
        let distance = editDistance(typed, Array(candidate.lowercased()))
        if distance <= max(3, candidate.count / 6), distance < (best?.distance ?? .max) { best = (candidate, distance) }
      }
      return best.map { (key, $0.key) }
    }
  }

  // K1: a usage description under a misspelled key, or under the name Xcode shows, is no usage description at all.
  func misspelledKeyChecks() -> [LintCheck] {
    keyMistakes.map { mistake in
      let isLocationKey = Self.locationKeys.contains(mistake.meant)
      return check(.K1, mistake.key) { _ in
        let what =
          mistake.isXcodeName
          ? "“\(mistake.key)” is the name Xcode shows for \(mistake.meant), not a key iOS reads"
          : "\(mistake.key) is not a key iOS reads (did you mean \(mistake.meant)?)"
        return [
          draft(
            isLocationKey ? .error : .warning, .K1, key: mistake.key,
            "\(what): iOS acts as if the Info.plist lacked \(mistake.meant)",
            fix: "rename \(mistake.key) to \(mistake.meant)")
        ]
      }
    }
  }

  /// Optimal string alignment distance: Levenshtein plus swaps of neighbouring characters.
  private static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
    guard !lhs.isEmpty, !rhs.isEmpty else { return max(lhs.count, rhs.count) }
    var table = [[Int]](repeating: [Int](repeating: 0, count: rhs.count + 1), count: lhs.count + 1)
    for i in 0...lhs.count { table[i][0] = i }
    for j in 0...rhs.count { table[0][j] = j }
    for i in 1...lhs.count {
      for j in 1...rhs.count {
        let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[lhs.count][rhs.count]
  }
}
