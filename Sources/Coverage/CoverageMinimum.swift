import Foundation

/// A floor under one kind of coverage, `transitions=80`: a version below it fails the run.
public struct CoverageMinimum: Hashable, Sendable {
  public let kind: CoverageKind
  /// The percentage a version must reach, 0–100.
  public let percent: Double

  public init(kind: CoverageKind, percent: Double) {
    self.kind = kind
    self.percent = percent
  }

  /// Parses `transitions=80` or a comma-separated list, `transitions=80,rules=50`.
  ///
  /// - Throws: ``CoverageError`` naming the part that is not one, and the kinds it may name.
  public static func parse(_ text: String) throws(CoverageError) -> [CoverageMinimum] {
    try text.split(separator: ",", omittingEmptySubsequences: false).map { (part) throws(CoverageError) in
      let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let kinds = CoverageKind.allCases.map(\.rawValue).joined(separator: ", ")
      guard pieces.count == 2, let kind = CoverageKind(rawValue: String(pieces[0])) else {
        throw CoverageError("--coverage-min \(text): “\(part)” is not KIND=PERCENT (KIND one of \(kinds))")
      }
      guard let percent = Double(pieces[1]), (0...100).contains(percent) else {
        throw CoverageError("--coverage-min \(text): “\(pieces[1])” is not a percentage from 0 to 100")
      }
      return CoverageMinimum(kind: kind, percent: percent)
    }
  }

  /// The lines saying which versions of `report` fall short of these floors and by how much; empty when none does.
  public static func shortfalls(of report: CoverageReport, below minimums: [CoverageMinimum]) -> [String] {
    report.versions.flatMap { version in
      minimums.compactMap { minimum -> String? in
        let count = version.count(minimum.kind)
        guard count.percent < minimum.percent else { return nil }
        return "permsim: iOS \(version.ios) covers \(CoverageReport.percent(count.percent)) of \(minimum.kind.title) "
          + "(\(count.covered)/\(count.total)), \(CoverageReport.points(minimum.percent - count.percent)) short of "
          + "--coverage-min \(minimum.kind.rawValue)=\(CoverageReport.number(minimum.percent))"
      }
    }
  }
}

/// A coverage option or file that cannot be used: the message says which and why.
public struct CoverageError: Error, CustomStringConvertible, Equatable {
  public let description: String

  public init(_ description: String) {
    self.description = description
  }
}
