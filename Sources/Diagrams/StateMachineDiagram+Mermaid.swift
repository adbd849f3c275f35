// MARK: - Mermaid

extension StateMachineDiagram {
  /// The diagram as a Mermaid flowchart that GitHub renders: states as stadiums, alerts as hexagons.
  ///
  /// Every label is quoted; `"`, `#`, `<`, `>` and `|` are written as Mermaid entity codes, so texts
  /// with quotes or markup never end a label early. Curly quotes and apostrophes stay as they are.
  public var mermaid: String {
    var lines = ["flowchart TD", "  %% permsim explain --ios \(version): generated from the model's rule layers"]
    if let upgradeNote { lines.append("  %% \(upgradeNote)") }  // UP1–UP4
    for node in nodes {
      let (open, close) =
        switch node.role {
        case .state: ("([", "])")
        case .alert: ("{{", "}}")
        case .settings: ("[/", "/]")
        }
      lines.append("  \(node.id)\(open)\(Self.mermaidString(node.label))\(close)")
    }
    for edge in edges {
      lines.append("  \(edge.from) -->|\(Self.mermaidString(edge.label))| \(edge.to)")
    }
    return lines.joined(separator: "\n")
  }

  /// A label in double quotes, with the characters Mermaid would read as syntax written as entity codes.
  public static func mermaidString(_ text: String) -> String {
    var quoted = "\""
    for character in text {
      switch character {
      case "\"": quoted += "#quot;"
      case "#": quoted += "#35;"
      case "<": quoted += "#lt;"
      case ">": quoted += "#gt;"
      case "|": quoted += "#124;"
      case "\n", "\r", "\r\n": quoted += " "
      default: quoted.append(character)
      }
    }
    return quoted + "\""
  }
}
