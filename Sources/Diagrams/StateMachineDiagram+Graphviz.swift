// MARK: - Graphviz

extension StateMachineDiagram {
  /// The diagram as a Graphviz `digraph`: states as rounded boxes, alerts as hexagons, Settings as a parallelogram.
  public var graphviz: String {
    var lines = [
      "digraph permsim {",
      "  label=\(Self.dotString("iOS \(version): generated from the model's rule layers by permsim explain"));",
      "  labelloc=t;",
      "  node [fontname=\"Helvetica\"];",
      "  edge [fontname=\"Helvetica\", fontsize=10];",
    ]
    if let upgradeNote { lines.append("  // \(upgradeNote)") }  // UP1–UP4
    for node in nodes {
      let shape =
        switch node.role {
        case .state: "shape=box, style=rounded"
        case .alert: "shape=hexagon"
        case .settings: "shape=parallelogram"
        }
      lines.append("  \(node.id) [label=\(Self.dotString(node.label)), \(shape)];")
    }
    for edge in edges {
      lines.append("  \(edge.from) -> \(edge.to) [label=\(Self.dotString(edge.label))];")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// A DOT string literal: the text in double quotes with `"` and `\` escaped and line breaks as `\n`.
  static func dotString(_ text: String) -> String {
    var quoted = "\""
    for character in text {
      switch character {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\n", "\r", "\r\n": quoted += "\\n"
      default: quoted.append(character)
      }
    }
    return quoted + "\""
  }
}
