import Foundation
import PermissionModel

/// Which permission paths a suite took, per iOS version it ran, against the diagrams `permsim explain` draws.
///
/// Built case by case (``add(_:case:)``) by ``CoverageReporter``, written as JSON (the format of
/// `docs/permsim-coverage.schema.json`), and merged from shards' files (``merged(_:)``): a merge gives
/// the same document as the unsharded run.
public struct CoverageReport: Sendable, Codable {
  /// The format's version.
  public let format: Int
  /// The Info.plist the diagrams were drawn for, or `nil` for an app holding every key.
  public let app: String?
  /// One entry per iOS version a case's device ran, oldest first.
  public private(set) var versions: [VersionCoverage]
  /// What the diagrams are drawn for; not in the file (its denominators are).
  private let baseline: CoverageBaseline?

  private enum CodingKeys: String, CodingKey { case format, app, versions }

  /// The format this build writes.
  public static let formatVersion = 1

  /// An empty report against `baseline`.
  public init(against baseline: CoverageBaseline) {
    format = Self.formatVersion
    app = baseline.app
    versions = []
    self.baseline = baseline
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    format = try container.decode(Int.self, forKey: .format)
    guard format == Self.formatVersion else {
      throw CoverageError("a coverage file of format \(format); this permsim reads format \(Self.formatVersion)")
    }
    app = try container.decodeIfPresent(String.self, forKey: .app)
    versions = try container.decode([VersionCoverage].self, forKey: .versions)
    baseline = nil
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(format, forKey: .format)
    try container.encode(app, forKey: .app)
    try container.encode(versions, forKey: .versions)
  }

  /// Adds what one case took, on each version its devices ran; the case is known by `name`.
  public mutating func add(_ paths: [TakenPaths], case name: String) {
    guard let baseline else { return }
    for taken in paths {
      guard let version = try? OSVersion(parsing: taken.version) else { continue }
      let index = insertionIndex(of: version) { baseline.empty(version) }
      versions[index].add(taken, case: name)
    }
  }

  /// The index of `version`'s entry, made with `empty` where the order puts it when there is none.
  private mutating func insertionIndex(of version: OSVersion, _ empty: () -> VersionCoverage) -> Int {
    let text = version.description
    if let index = versions.firstIndex(where: { $0.ios == text }) { return index }
    let index = versions.firstIndex { (try? OSVersion(parsing: $0.ios)).map { $0 > version } ?? false } ?? versions.count
    versions.insert(empty(), at: index)
    return index
  }

  /// The coverage of the whole suite from its shards' reports (or any parts of it).
  ///
  /// - Throws: ``CoverageError`` when they were measured against different apps or list none.
  public static func merged(_ parts: [(name: String, report: CoverageReport)]) throws(CoverageError) -> CoverageReport {
    guard let first = parts.first else { throw CoverageError("no coverage files to merge") }
    var merged = first.report
    for (name, part) in parts.dropFirst() {
      guard part.app == first.report.app else {
        throw CoverageError(
          "\(name) was measured against \(part.app ?? "an app with every key"), \(first.name) against "
            + "\(first.report.app ?? "an app with every key"): run every shard with the same --coverage-app")
      }
      for version in part.versions {
        guard let parsed = try? OSVersion(parsing: version.ios) else {
          throw CoverageError("\(name): “\(version.ios)” is not an iOS version")
        }
        let index = merged.insertionIndex(of: parsed) { version }
        if merged.versions[index] != version { merged.versions[index].merge(version) }
      }
    }
    return merged
  }

  // MARK: - Output

  /// The JSON document, keys sorted and indented, so that the same coverage gives the same bytes.
  public var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Every value is a string, a number, a Boolean or an array of them: encoding cannot fail.
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) + "\n" } ?? ""
  }

  /// Reads a coverage file's text.
  public static func decode(_ data: Data, from name: String) throws(CoverageError) -> CoverageReport {
    do {
      return try JSONDecoder().decode(CoverageReport.self, from: data)
    } catch let error as CoverageError {
      throw CoverageError("\(name): \(error)")
    } catch {
      throw CoverageError("\(name) is not a permsim coverage file: \(Self.reason(error))")
    }
  }

  private static func reason(_ error: any Error) -> String {
    func at(_ context: DecodingError.Context) -> String {
      let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      return path.isEmpty ? "" : "at \(path): "
    }
    switch error as? DecodingError {
    case .keyNotFound(let key, let context): return at(context) + "“\(key.stringValue)” is missing"
    case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
      return at(context) + context.debugDescription
    case nil: return "\(error)"
    @unknown default: return "\(error)"
    }
  }

  /// What the diagrams were drawn for, in words.
  public var against: String { app.map { "the app of \($0)" } ?? "an app with every key" }

  /// The console summary: a line per version, then its uncovered transitions as a person says them.
  public var console: String {
    var lines = ["Permission coverage (against \(against)):"]
    if versions.isEmpty { lines.append("  no case made a device") }
    for version in versions {
      let counts = version.counts.map { "\($0.count.covered)/\($0.count.total) \($0.kind.title)" }
      lines.append("iOS \(version.ios): " + counts.joined(separator: ", "))
      for item in version.transitions where item.inGraph && !item.isCovered {
        lines.append("  \(item.key) — no case")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A Markdown table per version, for a CI job summary (`$GITHUB_STEP_SUMMARY`), with the uncovered transitions folded away.
  public var markdown: String {
    var lines = ["## Permission coverage", "", "Against \(against).", ""]
    for version in versions {
      lines += [
        "### iOS \(version.ios)", "", "\(version.cases.count) case\(version.cases.count == 1 ? "" : "s").", "",
        "| | Covered | Total | % |", "|---|---:|---:|---:|",
      ]
      lines += version.counts.map {
        "| \($0.kind.title.prefix(1).uppercased() + $0.kind.title.dropFirst()) | \($0.count.covered) | \($0.count.total) | \(Self.percent($0.count.percent)) |"
      }
      let missing = version.transitions.filter { $0.inGraph && !$0.isCovered }
      if !missing.isEmpty {
        lines += ["", "<details><summary>\(missing.count) transition\(missing.count == 1 ? "" : "s") no case took</summary>", ""]
        lines += missing.map { "- `\($0.key)`" }
        lines += ["", "</details>"]
      }
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  /// `74.2%`: one decimal, for every output.
  static func percent(_ value: Double) -> String { number(value) + "%" }

  /// `5.8 points`.
  static func points(_ value: Double) -> String {
    let text = number(value)
    return text + (text == "1" ? " point" : " points")
  }

  /// `80`, `74.2`: one decimal at most.
  static func number(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(format: "%.1f", tenths / 10)
  }
}
