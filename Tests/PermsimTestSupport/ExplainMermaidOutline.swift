import Foundation

/// A Mermaid flowchart read back into its header, node declarations and edges, to test its structure.
public struct ExplainMermaidOutline {
  /// A declared node: its identifier, its shape's opening bracket and its decoded label.
  public struct Node: Hashable {
    public var id: String
    public var shape: String
    public var label: String

    public init(id: String, shape: String, label: String) {
      self.id = id
      self.shape = shape
      self.label = label
    }
  }

  /// An edge with its decoded label.
  public struct Edge: Hashable {
    public var from: String
    public var to: String
    public var label: String

    public init(from: String, to: String, label: String) {
      self.from = from
      self.to = to
      self.label = label
    }
  }

  /// The first line.
  public var header = ""
  /// The nodes, in declaration order.
  public var nodes: [Node] = []
  /// The edges, in order.
  public var edges: [Edge] = []
  /// Lines that are neither comments, nodes nor edges.
  public var unreadLines: [String] = []

  public init(_ text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    header = lines.isEmpty ? "" : lines.removeFirst()
    for line in lines {
      let body = line.drop { $0 == " " }
      if body.hasPrefix("%%") { continue }
      if let edge = Self.edge(String(body)) {
        edges.append(edge)
      } else if let node = Self.node(String(body)) {
        nodes.append(node)
      } else {
        unreadLines.append(line)
      }
    }
  }

  /// The node with this identifier.
  public func node(_ id: String) -> Node? {
    nodes.first { $0.id == id }
  }

  /// The edges that leave `id`.
  public func edges(from id: String) -> [Edge] {
    edges.filter { $0.from == id }
  }

  // MARK: - Parsing

  /// `A -->|"label"| B`.
  private static func edge(_ line: String) -> Edge? {
    guard let arrow = line.range(of: " -->|\""), let close = line.range(of: "\"| ", options: .backwards),
      arrow.upperBound <= close.lowerBound
    else { return nil }
    let from = String(line[..<arrow.lowerBound])
    let to = String(line[close.upperBound...])
    guard isIdentifier(from), isIdentifier(to) else { return nil }
    return Edge(from: from, to: to, label: decoded(String(line[arrow.upperBound..<close.lowerBound])))
  }

  /// `ID(["label"])`, `ID{{"label"}}` or `ID[/"label"/]`.
  private static func node(_ line: String) -> Node? {
    let shapes = [("([\"", "\"])"), ("{{\"", "\"}}"), ("[/\"", "\"/]")]
    for (open, close) in shapes {
      guard let start = line.range(of: open), line.hasSuffix(close) else { continue }
      let id = String(line[..<start.lowerBound])
      let end = line.index(line.endIndex, offsetBy: -close.count)
      guard isIdentifier(id), start.upperBound <= end else { return nil }
      let label = String(line[start.upperBound..<end])
      guard !label.contains("\"") else { return nil }
      return Node(id: id, shape: String(open.dropLast()), label: decoded(label))
    }
    return nil
  }

  private static func isIdentifier(_ text: String) -> Bool {
    !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
  }

  /// The label with Mermaid's entity codes turned back into characters.
  public static func decoded(_ text: String) -> String {
    var result = text
    for (code, character) in [("#quot;", "\""), ("#lt;", "<"), ("#gt;", ">"), ("#124;", "|"), ("#35;", "#")] {
      result = result.replacingOccurrences(of: code, with: character)
    }
    return result
  }
}
