/// The bounds that keep reports readable and their memory flat, in one place.
package enum ReportLimits {
  /// A case's name and a classname in every report, at most (longer ones keep their start and end around `…`).
  package static let nameBytes = 1_024
  /// The most bytes of one case's transcript, or of one problem's details, that a JUnit report holds.
  package static let textBytes = 65_536
  /// The most bytes of a headline in a JUnit `message` attribute.
  static let headlineBytes = 1_024
  /// How many of a failed case's last transcript lines the console and JUnit failure bodies show.
  static let transcriptTailLines = 8
  /// How many failed or errored cases the console summary describes in full.
  static let consoleProblems = 50
  /// How many distinct failures the console counts (past them, cases are counted together).
  static let consoleFailureGroups = 1_000
  /// How many transcript lines `--verbose` shows for a passing case.
  static let consoleVerboseLines = 200
  /// How many lines of a problem's details the console summary shows.
  static let consoleDetailLines = 20
  /// How many skip reasons the console summary lists.
  static let consoleSkipReasons = 20
  /// How many cases the console summary names under each skip reason.
  static let consoleSkipExamples = 5
  /// How many transcript lines the HTML report shows for one case (the first ones: the timeline's start).
  static let htmlTimelineLines = 2_000
  /// The most bytes of one transcript or details line the console shows.
  static let consoleLineBytes = 500
}
