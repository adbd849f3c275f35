import ArgumentParser
import Foundation
import Reporting
import Runner

/// How `permsim run --list` prints the plan.
enum ListFormat: String, CaseIterable, ExpressibleByArgument {
  /// A file per line and its cases indented below it, with control characters escaped.
  case text
  /// One JSON document (`docs/permsim-list.schema.json`).
  case json
}

/// The cases a run would execute, as `--list` prints them.
struct RunList {
  var plan: RunPlan
  /// Every collected file's path, by file index.
  var files: [String]

  /// The version of the JSON document's format.
  static let formatVersion = 1

  /// Prints the list to standard output.
  func print(_ format: ListFormat) {
    let text: String
    switch format {
    case .text: text = self.text
    case .json: text = json + "\n"
    }
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// `path` then `  name  (line N, iOS X)` per case, then the count; names and paths are printed with
  /// control characters written as `\u{1B}`, so a hostile name cannot drive the terminal.
  var text: String {
    var lines: [String] = []
    for suite in plan.suites {
      lines.append(Self.escaped(files[suite.fileIndex]))
      for planned in suite.cases {
        let skip = planned.skipReason.map { "  [skipped: \(Self.escaped($0))]" } ?? ""
        lines.append("  \(Self.escaped(planned.name))  (line \(planned.line), iOS \(Self.escaped(planned.iosVersion.text)))\(skip)")
      }
    }
    let cases = plan.caseCount
    lines.append("\(cases) case\(cases == 1 ? "" : "s") in \(plan.suites.count) file\(plan.suites.count == 1 ? "" : "s")")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The list as one JSON document: `version`, `count`, and `files`, each with its `file`, `classname` and `cases`.
  var json: String {
    let document = Document(
      version: Self.formatVersion, count: plan.caseCount,
      files: plan.suites.map { suite in
        let path = files[suite.fileIndex]
        return File(
          file: path, classname: JUnitXMLReporter.classname(forPath: path),
          cases: suite.cases.map { planned in
            Case(
              name: planned.name, line: planned.line > 0 ? planned.line : nil, ios: planned.iosVersion.text,
              tags: planned.tags, skip: planned.skipReason)
          })
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(document)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  /// `text` with C0 and C1 control characters and DEL written as `\u{XX}`.
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: _isControl) else { return text }
    var output = ""
    for scalar in text.unicodeScalars {
      if _isControl(scalar) {
        output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  private static func _isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  private struct Document: Encodable {
    var version: Int
    var count: Int
    var files: [File]
  }

  private struct File: Encodable {
    var file: String
    var classname: String
    var cases: [Case]
  }

  private struct Case: Encodable {
    var name: String
    var line: Int?
    var ios: String
    var tags: [String]
    var skip: String?
  }
}
