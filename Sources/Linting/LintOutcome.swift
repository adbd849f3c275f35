import PlistLoader

/// What linting one Info.plist gave: its report, or the file (the Info.plist or a strings file) that did not parse.
package enum LintOutcome: Sendable, Hashable {
  /// The Info.plist was read and checked.
  case report(LintReport)
  /// The Info.plist `plist` could not be read as a property list: `file` (`plist` or a strings file beside it) did not parse.
  case unparsable(plist: String, file: String, line: Int?, reason: String)

  /// The Info.plist, as the command line named it.
  package var plist: String {
    switch self {
    case .report(let report): report.path
    case .unparsable(let plist, _, _, _): plist
    }
  }

  /// Whether `lint` exits 1 for it: an error found, or a file that does not parse.
  package var failed: Bool {
    switch self {
    case .report(let report): report.hasErrors
    case .unparsable: true
    }
  }

}
