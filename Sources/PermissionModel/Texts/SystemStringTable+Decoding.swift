// The one file of the model that imports Foundation: for JSONDecoder only. The tables are byte arrays
// compiled into the binary (`embedInCode`), so decoding them reads no file.
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SystemStringTable {
  /// A table file as written in `SystemStrings/<language>.json`.
  private struct File: Decodable {
    var language: String
    var verified: Bool
    var note: String?
    var assumed: [String]?
    var titles: [String: [String: String]]?
    var messages: [String: [String: String]]?
    var buttons: [String: [String: String]]?
    var alternatives: [String: [String]]?
    var settings: [String: [String: String]]?
    var switches: [String: [String: String]]?
  }

  /// Decodes one table file.
  ///
  /// - Throws: `SystemStringTable.FormatError` naming the file and what is wrong with it.
  init(file: String, bytes: [UInt8]) throws(FormatError) {
    let decoded: File
    do {
      decoded = try JSONDecoder().decode(File.self, from: Data(bytes))
    } catch {
      throw FormatError(file: file, reason: "\(error)")
    }
    func banded(_ section: [String: [String: String]]?, _ name: String) throws(FormatError) -> [String: [Band]] {
      var result: [String: [Band]] = [:]
      for (key, bands) in section ?? [:] {
        var parsed: [Band] = []
        for (since, text) in bands {
          guard let version = Self.version(since) else {
            throw FormatError(file: file, reason: "\(name).\(key): “\(since)” is not a version such as 13 or 13.4")
          }
          parsed.append(Band(since: version, text: text))
        }
        result[key] = parsed.sorted { $0.since < $1.since }
      }
      return result
    }
    self.init(
      language: decoded.language, verified: decoded.verified, note: decoded.note ?? "",
      assumed: decoded.assumed ?? [],
      titles: try banded(decoded.titles, "titles"), messages: try banded(decoded.messages, "messages"),
      buttons: try banded(decoded.buttons, "buttons"), alternatives: decoded.alternatives ?? [:],
      settings: try banded(decoded.settings, "settings"), switches: try banded(decoded.switches, "switches"))
  }
}
