import Foundation

/// A String Catalog (`InfoPlist.xcstrings`): per language, the texts Xcode would compile into its strings table.
///
/// Each language of an entry contributes its `stringUnit` value whatever its review state. An entry whose
/// language has `variations` instead contributes the iPhone form of a `device` variation (else `other`) and
/// the `other` form of a `plural` one. Entries Xcode marks stale (no longer in the Info.plist) still
/// contribute, as they do to a build, and are listed in ``staleKeys`` for `lint`.
public struct StringCatalog: Sendable, Hashable {
  /// The catalog's source language, when it names one.
  public var sourceLanguage: String?
  /// Language → key → text.
  public var languages: [String: [String: String]]
  /// The keys whose `extractionState` is `stale`, sorted.
  public var staleKeys: [String]

  /// Parses a catalog's JSON.
  ///
  /// - Throws: ``PlistLoadError``: for malformed JSON with the line of the byte offset Foundation reports,
  ///   e.g. `InfoPlist.xcstrings: line 4: Invalid value around character 57`; for a wrong shape with the
  ///   JSON path of the offending value.
  public init(data: Data, path: String) throws {
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: data)
    } catch let error as DecodingError {
      throw Self.loadError(for: error, data: data, path: path)
    }
    sourceLanguage = file.sourceLanguage
    var languages: [String: [String: String]] = [:]
    var staleKeys: [String] = []
    for (key, entry) in file.strings {
      if entry.extractionState == "stale" { staleKeys.append(key) }
      for (language, localization) in entry.localizations ?? [:] {
        if let text = localization.text { languages[language, default: [:]][key] = text }
      }
    }
    self.languages = languages
    self.staleKeys = staleKeys.sorted()
  }

  // MARK: - File format

  private struct File: Decodable {
    var sourceLanguage: String?
    var strings: [String: Entry]
  }

  private struct Entry: Decodable {
    var extractionState: String?
    var localizations: [String: Localization]?
  }

  private struct Localization: Decodable {
    var stringUnit: StringUnit?
    var variations: [String: [String: Localization]]?

    var text: String? {
      if let stringUnit { return stringUnit.value }
      if let device = variations?["device"] { return (device["iphone"] ?? device["other"])?.text }
      if let plural = variations?["plural"] { return plural["other"]?.text }
      return nil
    }
  }

  private struct StringUnit: Decodable {
    var value: String
  }

  // MARK: - Errors

  private static func loadError(for error: DecodingError, data: Data, path: String) -> PlistLoadError {
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return syntaxError(data: data, path: path)
    case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
      return PlistLoadError(
        .unexpectedStructure, path: path,
        reason: "\(jsonPath(context.codingPath)): \(PropertyListReader.trimmed(context.debugDescription))")
    case .keyNotFound(let key, let context):
      return PlistLoadError(
        .unexpectedStructure, path: path, reason: "\(jsonPath(context.codingPath)) has no \"\(key.stringValue)\"")
    @unknown default:
      return PlistLoadError(.malformed, path: path, reason: "not a String Catalog")
    }
  }

  /// `JSONDecoder` says only that the JSON is invalid; `JSONSerialization` says where, as a byte offset.
  private static func syntaxError(data: Data, path: String) -> PlistLoadError {
    do {
      _ = try JSONSerialization.jsonObject(with: data)
    } catch {
      if let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String {
        let reason = PropertyListReader.trimmed(message)
        guard let match = message.firstMatch(of: /around character (\d+)/), let offset = Int(match.output.1) else {
          return PlistLoadError(.malformed, path: path, reason: reason)
        }
        let line = data.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        return PlistLoadError(.malformed, path: path, line: line, reason: reason)
      }
    }
    return PlistLoadError(.malformed, path: path, reason: "not valid JSON")
  }

  private static func jsonPath(_ codingPath: [any CodingKey]) -> String {
    codingPath.isEmpty ? "the catalog" : codingPath.map(\.stringValue).joined(separator: ".")
  }
}
