import PermissionModel

extension ScenarioAPI {
  /// The API by object, one line per member, as the REPL's `help` prints it; only the type `name` when given.
  ///
  /// Returns nil when no bound type is called `name` (case ignored).
  public static func help(type name: String? = nil) -> String? {
    let chosen = name.map { name in types.filter { $0.name.lowercased() == name.lowercased() } } ?? types
    guard !chosen.isEmpty else { return nil }
    var lines: [String] = []
    for type in chosen {
      if !lines.isEmpty { lines.append("") }
      lines.append("\(type.name) — \(type.summary)")
      for member in type.members {
        let signature = "  " + self.signature(of: member, in: type.name)
        let padded = signature.count < 36 ? signature + String(repeating: " ", count: 36 - signature.count) : signature + "  "
        lines.append(padded + summary(member.summary, since: member.since))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The API reference in Markdown, one table per object (docs/api.md).
  public static func markdownReference() -> String {
    var lines = [
      "# Scenario API reference", "",
      "<!-- Generated from the member tables by `permsim definitions --format markdown`; Scripts/update-docs rewrites it. -->",
      "",
      "Every object a scenario reaches, with each member's type and the iOS version it needs. The functions",
      "(`device`, `scenario`, `expect`, …) are in the [README](../README.md#writing-a-scenario).",
    ]
    for type in types {
      lines += ["", "## \(type.name)", "", type.summary, "", "| Member | Type | Summary |", "|---|---|---|"]
      for member in type.members {
        let returns = member.type.map { "`\($0.replacingOccurrences(of: "|", with: "\\|"))`" } ?? ""
        let text = summary(member.summary, since: member.since).replacingOccurrences(of: "|", with: "\\|")
          .replacingOccurrences(of: "<", with: "&lt;")
        lines.append("| `\(signature(of: member, in: type.name).replacingOccurrences(of: "|", with: "\\|"))` | \(returns) | \(text) |")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `Device.ios` for a field, `Device:install(options)` for a method.
  private static func signature(
    of member: (name: String, isMethod: Bool, since: OSVersion?, summary: String, type: String?, parameters: [MemberParameter]),
    in type: String
  ) -> String {
    guard member.isMethod else { return "\(type).\(member.name)" }
    return "\(type):\(member.name)(\(member.parameters.map(\.name).joined(separator: ", ")))"
  }
}
