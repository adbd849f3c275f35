/// A reporter that writes TAP version 13 (the Test Anything Protocol), one test point per case.
///
/// ```text
/// TAP version 13
/// # permsim 0.1.0, iOS 14.0
/// ok 1 - scenarios/first.lua › asks once [iOS 14.0]
/// not ok 2 - scenarios/first.lua › denial [iOS 14.0]
///   ---
///   message: "expected \"denied\" to be \"authorizedWhenInUse\""
///   severity: fail
///   ...
/// ok 3 - scenarios/first.lua › later # SKIP not written yet
/// 1..3
/// ```
///
/// A failed or errored case is `not ok`, followed by a YAML diagnostic block: `message`, `severity`
/// (`fail` or `error`), `type`, `at` (the failing line in the scenario file), `declared` (its
/// `scenario` line), `duration_ms`, `details` and the transcript's last lines. Skipped cases are
/// `ok … # SKIP reason`. The plan (`1..N`) comes last, so cases are written as they end; an
/// interrupted run ends with `Bail out!`. Descriptions are one line, with `#` and `\` escaped.
public struct TAPReporter: Reporter {
  private let _write: @Sendable (String) -> Void
  private var _count = 0
  private var _caseStart: RunEvent.Instant?

  /// Creates a reporter that writes TAP through `write`.
  public init(write: @escaping @Sendable (String) -> Void) {
    _write = write
  }

  public mutating func record(_ event: RunEvent) {
    switch event.kind {
    case .runStarted(let info):
      var about = ["permsim \(info.version)"]
      if !info.iOSVersions.isEmpty { about.append("iOS \(info.iOSVersions.joined(separator: ", "))") }
      if let shard = info.shard { about.append("shard \(shard)") }
      if let seed = info.seed { about.append("seed \(seed)") }
      _write("TAP version 13\n# \(Self.description(about.joined(separator: ", ")))\n")
    case .suiteStarted, .suiteEnded:
      break
    case .caseStarted:
      _caseStart = event.instant
    case .caseEnded(let result):
      _count += 1
      let nanoseconds = event.instant.nanoseconds(since: _caseStart ?? event.instant)
      _caseStart = nil
      _write(Self.testPoint(result, number: _count, nanoseconds: nanoseconds))
    case .runEnded(let end):
      if end.interrupted {
        _write("Bail out! The run was interrupted after \(_count) \(_count == 1 ? "case" : "cases").\n")
      } else {
        _write(_count == 0 ? "1..0 # SKIP no cases to run\n" : "1..\(_count)\n")
      }
    }
  }

  // MARK: - Test points

  /// The test point line of one case, and its YAML block when it failed or errored.
  static func testPoint(_ result: CaseResult, number: Int, nanoseconds: Int64) -> String {
    let description = description("\(result.info.suitePath) › \(result.info.name)")
    switch result.outcome {
    case .passed:
      return "ok \(number) - \(description)\n"
    case .skipped(let reason):
      let why = reason.isEmpty ? "" : " " + Self.description(reason)
      return "ok \(number) - \(description) # SKIP\(why)\n"
    case .failed(let problem), .errored(let problem):
      let severity: String
      if case .errored = result.outcome { severity = "error" } else { severity = "fail" }
      let at = result.failureLocation ?? result.declaration
      var yaml = ["  ---"]
      yaml.append("  message: " + YAMLText.quoted(JUnitXMLReporter.message(problem.headline)))
      yaml.append("  severity: \(severity)")
      yaml.append("  type: " + YAMLText.quoted(problem.kind.rawValue))
      yaml.append(contentsOf: _location("at", at))
      yaml.append(contentsOf: _location("declared", result.declaration))
      yaml.append("  duration_ms: \(TimeFormat.milliseconds(nanoseconds))")
      if !problem.details.isEmpty {
        yaml.append("  details: " + YAMLText.quoted(Excerpt.text([problem.details])))
      }
      let tail = Excerpt.tail(result.transcript)
      if !tail.isEmpty {
        yaml.append("  transcript_lines: \(result.transcript.count)")
        yaml.append("  transcript_tail:")
        for line in tail {
          let bounded = Excerpt.prefix(of: line, maxBytes: ReportLimits.textBytes / ReportLimits.transcriptTailLines)
          yaml.append("    - " + YAMLText.quoted(String(bounded)))
        }
      }
      yaml.append("  ...")
      return "not ok \(number) - \(description)\n" + yaml.joined(separator: "\n") + "\n"
    }
  }

  private static func _location(_ key: String, _ location: ScriptLocation) -> [String] {
    var lines = ["  \(key):", "    file: " + YAMLText.quoted(location.path)]
    if let line = location.line { lines.append("    line: \(line)") }
    return lines
  }

  /// Text made one TAP-safe line: control sequences gone, `\` and `#` escaped (`#` starts a directive).
  static func description(_ text: String) -> String {
    let line = TerminalText.oneLine(TerminalText.clean(text)).replacingTabs()
    var escaped = ""
    escaped.reserveCapacity(line.utf8.count)
    for character in line {
      switch character {
      case "\\": escaped += "\\\\"
      case "#": escaped += "\\#"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}

extension String {
  /// The string with tabs as spaces.
  fileprivate func replacingTabs() -> String {
    contains("\t") ? String(map { $0 == "\t" ? " " : $0 }) : self
  }
}

/// YAML scalars as TAP diagnostics and other YAML documents need them.
enum YAMLText {
  /// A YAML 1.1/1.2 double-quoted scalar holding `text` exactly.
  ///
  /// `"` and `\` are escaped; C0 and C1 controls, DEL, U+2028, U+2029, U+FEFF and the non-characters
  /// U+FFFE and U+FFFF (which YAML parsers refuse even inside quotes) are written as `\uXXXX`.
  static func quoted(_ text: String) -> String {
    var output = "\""
    output.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x22: output += "\\\""
      case 0x5C: output += "\\\\"
      case 0x0A: output += "\\n"
      case 0x09: output += "\\t"
      case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default:
        output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }
}
