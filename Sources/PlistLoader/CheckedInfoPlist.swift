import PermissionModel

/// The keys the model reads, type-checked once per Info.plist and not yet localized.
///
/// A value of the wrong type is left out and reported as a ``PlistDiagnostic``; so are the wrongly typed
/// elements of `UIBackgroundModes` and entries of `NSLocationTemporaryUsageDescriptionDictionary`, while
/// the rest of those collections is kept.
struct CheckedInfoPlist: Sendable, Hashable {
  var bundleIdentifier: String?
  var bundleDisplayName: String?
  var bundleName: String?
  var developmentRegion: String?
  var usageDescriptions: [UsageDescriptionKey: String] = [:]
  var purposeDescriptions: [String: String] = [:]
  var backgroundModes: [String] = []
  var defaultAccuracyReduced = false
  var requiresExplicitServiceSession = false
  var diagnostics: [PlistDiagnostic] = []

  init(_ values: [String: PlistValue]) {
    bundleIdentifier = string(.bundleIdentifier, in: values)
    bundleDisplayName = string(.bundleDisplayName, in: values)
    bundleName = string(.bundleName, in: values)
    // An Xcode template's "$(DEVELOPMENT_LANGUAGE)" is a build setting the loader cannot expand.
    developmentRegion = string(.developmentRegion, in: values).flatMap { $0.contains("$(") ? nil : $0 }

    // K1: a usage description counts only as a non-empty String.
    for key in UsageDescriptionKey.allCases {
      guard let value = values[key.rawValue] else { continue }
      switch value {
      case .string(let text) where !text.isEmpty:
        usageDescriptions[key] = text
      case .string:
        diagnostics.append(PlistDiagnostic(key: key.rawValue, problem: .emptyString, rule: .K1))
      case .bool, .integer, .real, .date, .data, .array, .dictionary:
        report(key.rawValue, expected: .string, found: value, rule: .K1)
      }
    }

    // K4: purpose key → text; entries that are not Strings are left out.
    let purposes = InfoPlistKey.temporaryUsageDescriptionDictionary.rawValue
    if let value = values[purposes] {
      if case .dictionary(let entries) = value {
        var wronglyTyped: [(key: String, value: PlistValue)] = []
        for (purposeKey, entry) in entries {
          if case .string(let text) = entry {
            purposeDescriptions[purposeKey] = text
          } else {
            wronglyTyped.append((purposeKey, entry))
          }
        }
        for (purposeKey, entry) in wronglyTyped.sorted(by: { $0.key < $1.key }) {
          report("\(purposes).\(purposeKey)", expected: .string, found: entry, rule: .K4)
        }
      } else {
        report(purposes, expected: .dictionary, found: value, rule: .K4)
      }
    }

    // K6: an Array of Strings; elements that are not Strings are left out.
    let modes = InfoPlistKey.backgroundModes.rawValue
    if let value = values[modes] {
      if case .array(let elements) = value {
        for (index, element) in elements.enumerated() {
          if case .string(let mode) = element {
            backgroundModes.append(mode)
          } else {
            report("\(modes)[\(index)]", expected: .string, found: element, rule: .K6)
          }
        }
      } else {
        report(modes, expected: .array, found: value, rule: .K6)
      }
    }

    // K3: only the Boolean true counts; a String "YES" or an Integer 1 is ignored.
    defaultAccuracyReduced = flag(.defaultAccuracyReduced, in: values, rule: .K3)
    // XS1: the same for the explicit-session key.
    requiresExplicitServiceSession = flag(.requireExplicitServiceSession, in: values, rule: .XS1)
  }

  /// A key that counts only as a Boolean: its value, or false (reported) when it has another type.
  private mutating func flag(_ key: InfoPlistKey, in values: [String: PlistValue], rule: RuleID) -> Bool {
    guard let value = values[key.rawValue] else { return false }
    if case .bool(let flag) = value { return flag }
    report(key.rawValue, expected: .boolean, found: value, rule: rule)
    return false
  }

  private mutating func string(_ key: InfoPlistKey, in values: [String: PlistValue]) -> String? {
    guard let value = values[key.rawValue] else { return nil }
    if case .string(let text) = value { return text }
    report(key.rawValue, expected: .string, found: value, rule: nil)
    return nil
  }

  private mutating func report(_ key: String, expected: PlistValue.Kind, found: PlistValue, rule: RuleID?) {
    let problem = PlistDiagnostic.Problem.wrongType(expected: expected, found: found.kind)
    diagnostics.append(PlistDiagnostic(key: key, problem: problem, rule: rule))
  }
}
