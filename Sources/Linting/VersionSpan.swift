import PermissionModel

/// A run of iOS versions that one rule set covers, clipped to the range `lint` checks.
///
/// Spans come from walking `RuleLayer.all`: each layer covers the versions from its `since` up to the
/// next layer's, so findings that hold on neighbouring spans merge into one range (`iOS 11.0–26.x`).
public struct VersionSpan {
  /// The rules in force on every version of the span.
  public let rules: RuleSet
  /// The first version of the span.
  public let first: OSVersion
  /// How the span's last version reads: `10.x` before a new major layer, `13.3` before 13.4, `18.x` before 26, `26.x` at the top.
  public let last: String

  /// The spans that cover `range`, oldest first, with the rules of an app linked against `linkedSDK`
  /// (nil: each version's own SDK, as an app built with a current Xcode; K1b, R1b).
  ///
  /// A range of one version is one span named by that version. Otherwise a span that ends where a
  /// layer begins reads as the release before it (`10.x`, `13.3`), and the last one reads as the upper
  /// bound, or as its whole major release (`18.x`) when the bound is `N.0` and no layer starts within `N`.
  ///
  /// `boundaries` start spans of their own within a layer: `preview` splits where the system's texts change (Z1).
  public static func covering(
    _ range: ClosedRange<OSVersion>, linkedSDK: OSVersion? = nil, boundaries: [OSVersion] = []
  ) -> [VersionSpan] {
    let starts = Array(Set(RuleLayer.all.map(\.since) + boundaries)).sorted()
    var spans: [VersionSpan] = []
    for (index, since) in starts.enumerated() where since <= range.upperBound {
      let next = index + 1 < starts.count ? starts[index + 1] : nil
      if let next, next <= range.lowerBound { continue }
      let first = max(since, range.lowerBound)
      let last: String
      if range.lowerBound == range.upperBound {
        last = first.description
      } else if let next, next <= range.upperBound {
        last = release(before: next)
      } else {
        last = upperBound(range.upperBound, nextLayer: next)
      }
      spans.append(VersionSpan(rules: RuleSet.forVersion(first, linkedSDK: linkedSDK), first: first, last: last))
    }
    return spans
  }

  /// `first–last` of a run of adjacent spans; `N.x` for a whole major release; the version for a single one.
  public static func label(_ run: ArraySlice<VersionSpan>) -> String {
    guard let head = run.first, let tail = run.last else { return "" }
    let first = head.first.description
    if first == tail.last { return first }
    if head.first.minor == 0, head.first.patch == 0, tail.last == "\(head.first.major).x" { return tail.last }
    return "\(first)–\(tail.last)"
  }

  // MARK: - Names

  private static func release(before version: OSVersion) -> String {
    // §1: the release before 26.0 is 18.x (19–25 do not exist).
    if version.minor == 0, version.patch == 0 { return "\(OSVersion.majorBefore(version.major)).x" }
    if version.patch == 0 { return "\(version.major).\(version.minor - 1)" }
    return "\(version.major).\(version.minor).\(version.patch - 1)"
  }

  private static func upperBound(_ version: OSVersion, nextLayer: OSVersion?) -> String {
    let layerWithinMajor = nextLayer.map { $0.major == version.major } ?? false
    return version.minor == 0 && version.patch == 0 && !layerWithinMajor ? "\(version.major).x" : version.description
  }
}
