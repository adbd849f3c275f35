import Foundation

/// Parses property lists with Foundation's `PropertyListSerialization` and turns its errors into ``PlistLoadError``s.
///
/// Foundation reports every failure as Cocoa error 3840 with a generic description. The parser's own words
/// are in `userInfo`: `NSDebugDescription` holds the XML parser's message and the nested error under
/// `kCFPropertyListOldStyleParsingError` the old-style (OpenStep) parser's. Which one is meaningful depends
/// on the file, so the reader picks by the file's first bytes; a binary plist gets no useful text from
/// either and is reported as such.
enum PropertyListReader {
  /// The syntax a property list is written in, judged from its first bytes.
  enum Syntax {
    case binary
    case xml
    case openStep
  }

  /// Parses `data` into a value; `path` names the file in errors.
  static func value(from data: Data, path: String) throws -> PlistValue {
    if syntax(of: data) == .binary, let trailer = BinaryPropertyListTrailer(data) {
      if trailer.holdsSet(in: data) {
        throw PlistLoadError(.unexpectedStructure, path: path, reason: "holds a set, which no Info.plist or strings file has")
      }
      let limit = BinaryPropertyListTrailer.expansionLimit
      if let size = trailer.expandedSize(in: data, limit: limit), size > limit {
        throw PlistLoadError(
          .unexpectedStructure, path: path,
          reason: "its arrays and dictionaries name the same objects over and over: read out, it would hold more than \(limit) values, which no Info.plist or strings file has")
      }
    }
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      throw loadError(for: error, data: data, path: path)
    }
    guard let value = PlistValue(propertyList: object) else {
      throw PlistLoadError(.unexpectedStructure, path: path, reason: "holds a value that is not a property-list type")
    }
    return value
  }

  /// Parses `data` into a dictionary, the top level every Info.plist and strings file needs.
  static func dictionary(from data: Data, path: String) throws -> [String: PlistValue] {
    let value = try value(from: data, path: path)
    guard case .dictionary(let entries) = value else {
      throw PlistLoadError(
        .unexpectedStructure, path: path, reason: "the top level is \(value.kind.withArticle), not a Dictionary")
    }
    return entries
  }

  static func syntax(of data: Data) -> Syntax {
    if data.starts(with: "bplist".utf8) { return .binary }
    var bytes = data[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    return first == UInt8(ascii: "<") ? .xml : .openStep
  }

  // MARK: - Errors

  private static func loadError(for error: any Error, data: Data, path: String) -> PlistLoadError {
    if data.isEmpty {
      return PlistLoadError(.malformed, path: path, reason: "the file is empty")
    }
    let syntax = syntax(of: data)
    if syntax == .binary {
      return PlistLoadError(.malformed, path: path, reason: "not a valid binary property list")
    }
    let userInfo = (error as NSError).userInfo
    let xml = userInfo[NSDebugDescriptionErrorKey] as? String
    let oldStyle = nestedDebugDescription(userInfo["kCFPropertyListOldStyleParsingError"])
    guard let message = syntax == .xml ? (xml ?? oldStyle) : (oldStyle ?? xml) else {
      return PlistLoadError(.malformed, path: path, reason: "not a valid property list")
    }
    let (line, reason) = splitLine(from: message)
    return PlistLoadError(.malformed, path: path, line: line, reason: reason)
  }

  /// The old-style parser's message, from the error CF nests in `userInfo`.
  ///
  /// Darwin bridges the nested CFError to NSError; swift-corelibs-foundation leaves it an opaque CF object
  /// whose description, `Error Domain=… UserInfo={NSDebugDescription=Missing ';' on line 2}`, is all it shows.
  private static func nestedDebugDescription(_ object: Any?) -> String? {
    guard let object else { return nil }
    if let error = object as? NSError { return error.userInfo[NSDebugDescriptionErrorKey] as? String }
    let description = String(describing: object)
    guard let match = description.firstMatch(of: /NSDebugDescription=(.*)\}\s*$/) else { return nil }
    return String(match.output.1)
  }

  /// Splits CF's "… at line 5", "… on line 5 …" or "… starting on line 5" into the line and the rest.
  static func splitLine(from message: String) -> (line: Int?, reason: String) {
    let pattern = /\s+(?:starting\s+)?(?:at|on)\s+line\s+(\d+)/
    guard let match = message.firstMatch(of: pattern), let line = Int(match.output.1) else {
      return (nil, trimmed(message))
    }
    var reason = message
    reason.removeSubrange(match.range)
    return (line, trimmed(reason))
  }

  static func trimmed(_ message: String) -> String {
    var text = Substring(message)
    while let last = text.last, last == "." || last.isWhitespace { text.removeLast() }
    return String(text)
  }
}
