import Foundation
import PermissionModel
import Testing

import PermsimTestSupport
@testable import Diagrams

@Suite("explain: the state machine diagram, generated from the rule layers")
struct ExplainDiagramTests {
  static let everyKey = Set(UsageDescriptionKey.allCases)
  /// The first version of every layer.
  static let layerVersions = RuleLayer.all.map(\.since.description)

  @Test("the Mermaid output parses back: header, unique declared nodes, every edge between declared nodes", arguments: layerVersions)
  func mermaidIsWellFormed(ios: String) throws {
    let text = StateMachineDiagram(version: try OSVersion(parsing: ios), keys: Self.everyKey).mermaid
    let outline = ExplainMermaidOutline(text)
    #expect(outline.header == "flowchart TD")
    #expect(outline.unreadLines.isEmpty, "lines that are neither nodes nor edges: \(outline.unreadLines)")
    let ids = outline.nodes.map(\.id)
    #expect(Set(ids).count == ids.count)
    #expect(!outline.edges.isEmpty)
    for edge in outline.edges {
      #expect(ids.contains(edge.from), "\(edge)")
      #expect(ids.contains(edge.to), "\(edge)")
    }
  }

  @Test("every request that does something is drawn: origin → alert → each button's state", arguments: layerVersions)
  func requestsMatchTheRuleSet(ios: String) throws {
    let version = try OSVersion(parsing: ios)
    let rules = RuleSet.forVersion(version)
    let outline = ExplainMermaidOutline(StateMachineDiagram(version: version, keys: Self.everyKey).mermaid)
    let drawn = rules.requestEdges(keys: Self.everyKey).filter { !$0.isSilentNoOp }
    #expect(!drawn.isEmpty)
    for edge in drawn {
      let origin = StateMachineDiagram.nodeID(edge.origin.state)
      let request = StateMachineDiagram.requestLabel(edge.call, from: edge.origin)
      guard let alert = edge.alert else {
        // R11: a change without an alert goes straight to the new state.
        for result in edge.results {
          let arrow = outline.edges(from: origin).first {
            $0.to == StateMachineDiagram.nodeID(result.state) && $0.label.hasPrefix(request + " · no alert")
          }
          #expect(arrow?.label.hasSuffix("(\(edge.rule))") == true, "\(edge)")
        }
        continue
      }
      let id = StateMachineDiagram.alertID(edge.call, from: edge.origin)
      let node = try #require(outline.node(id), "\(edge)")
      #expect(node.label == "\(alert.id) · \(alert.titleFormat(on: version))")
      #expect(node.shape == "{{")
      #expect(outline.edges(from: origin).contains { $0.to == id && $0.label == "\(request) · \(edge.rule)" }, "\(edge)")
      let buttons = outline.edges(from: id)
      #expect(buttons.count == edge.results.count, "\(edge)")
      for result in edge.results {
        let callback = result.callback?.rawValue ?? "no callback"
        let label = "\(result.button ?? "") · \(callback)"
        #expect(
          buttons.contains { $0.to == StateMachineDiagram.nodeID(result.state) && $0.label == label }, "\(edge): \(label)")
      }
    }
    // Requests that change nothing (R14–R17) are not drawn: no request arrow ends where it started.
    let requestLoops = outline.edges.filter { $0.from == $0.to && $0.label.hasPrefix("request") }
    #expect(requestLoops.isEmpty)
  }

  @Test("iOS 13.4: seven states, P7 twice, the immediate upgrade (R12) and the deferred one (R19)")
  func ios13_4() throws {
    let outline = ExplainMermaidOutline(StateMachineDiagram(version: OSVersion(13, 4), keys: Self.everyKey).mermaid)
    let states = outline.nodes.filter { $0.shape == "([" }.map(\.id)
    #expect(states == ["ND", "WIU", "WIUt", "AA", "AAp", "DEN", "RES"])
    #expect(outline.node("ND_whenInUse")?.label == "P7 · Allow “%@” to use your location?")
    #expect(outline.node("ND_always")?.label == "P7 · Allow “%@” to use your location?")
    // R9: Allow While Using App after an Always request is provisional Always.
    #expect(outline.edges.contains(.init(from: "ND_always", to: "AAp", label: "Allow While Using App · didChangeAuthorization")))
    // R12: a When-In-Use app's first Always request prompts at once; keeping When-In-Use delivers no callback.
    #expect(outline.edges.contains(.init(
      from: "WIU", to: "WIU_always", label: "requestAlwaysAuthorization (Always unused) · R12")))
    #expect(outline.edges.contains(.init(from: "WIU_always", to: "WIU", label: "Keep Only While Using · no callback")))
    // R19: the deferred prompt; C3: keeping Always delivers nothing, since the status stays authorizedAlways.
    #expect(outline.edges.contains(.init(from: "AAp_R19", to: "AA", label: "Change to Always Allow · no callback")))
    #expect(outline.edges.contains(.init(from: "AAp_R19", to: "WIU", label: "Keep Only While Using · didChangeAuthorization")))
    // E1, S1, E8.
    #expect(outline.edges.contains(.init(from: "WIUt", to: "ND", label: "no longer in use (E1)")))
    let settings = outline.edges(from: StateMachineDiagram.settingsID).map(\.label)
    #expect(settings == ["Never", "Ask Next Time", "While Using the App", "Always", "restricted (E8)"])
  }

  @Test("the callback on the edges follows C4: didChangeAuthorization before 14, the new method from 14")
  func callbackByVersion() {
    let ios13 = StateMachineDiagram(version: OSVersion(13, 4), keys: Self.everyKey).edges
    let ios14 = StateMachineDiagram(version: OSVersion(14), keys: Self.everyKey).edges
    #expect(ios13.contains { $0.label.hasSuffix("· didChangeAuthorization") })
    #expect(!ios13.contains { $0.label.contains("locationManagerDidChangeAuthorization") })
    #expect(ios14.contains { $0.label == "Allow Once · locationManagerDidChangeAuthorization" })
  }

  @Test("iOS 7: first use of location prompts with P1 (R1); there is no When-In-Use state")
  func ios7() {
    let diagram = StateMachineDiagram(version: OSVersion(7), keys: Self.everyKey)
    #expect(diagram.nodes.filter { $0.role == .state }.map(\.id) == ["ND", "AA", "DEN", "RES"])
    #expect(diagram.edges.contains { $0.from == "ND" && $0.to == "ND_firstUse" && $0.label.hasSuffix("· R1") })
    #expect(diagram.edges.contains { $0.from == "ND_firstUse" && $0.to == "AA" && $0.label.hasPrefix("OK · ") })
  }

  @Test("K2: without the Always keys the Always request is a self-loop naming them, and Always states drop out")
  func missingKeysAreSelfLoops() {
    let diagram = StateMachineDiagram(version: OSVersion(13, 4), keys: [.whenInUse])
    let loops = diagram.edges.filter { $0.from == $0.to }
    #expect(loops.contains(.init(
      from: "ND", to: "ND",
      label: "requestAlwaysAuthorization · no alert: missing NSLocationAlwaysAndWhenInUseUsageDescription (K2)")))
    #expect(loops.contains(.init(
      from: "WIU", to: "WIU",
      label: "requestAlwaysAuthorization (Always unused) · no alert: missing NSLocationAlwaysAndWhenInUseUsageDescription (K2)")))
    // Only where the request would otherwise do something: not from DEN, RES or WIUt.
    #expect(Set(loops.map(\.from)) == ["ND", "WIU"])
    let ids = diagram.nodes.map(\.id)
    #expect(!ids.contains("ND_always"))
    #expect(!ids.contains("AA") && !ids.contains("AAp"))
    #expect(ids.contains("ND_whenInUse") && ids.contains("WIUt"))
  }

  @Test("with no usage description only ND, DEN, RES and Settings remain")
  func noKeys() {
    let diagram = StateMachineDiagram(version: OSVersion(12), keys: [])
    #expect(diagram.nodes.map(\.id) == ["ND", "DEN", "RES", "Settings"])
    #expect(diagram.edges.filter { $0.from == "ND" }.allSatisfy { $0.to == "ND" && $0.label.hasSuffix("(K2)") })
  }

  @Test("App Clips: the Always request is an error self-loop (A2) and When-In-Use expires at 04:00 (E3)")
  func appClip() {
    let diagram = StateMachineDiagram(version: OSVersion(14), keys: Self.everyKey, kind: .appClip)
    #expect(diagram.edges.contains(.init(
      from: "ND", to: "ND",
      label: "requestAlwaysAuthorization · error: App Clips cannot request Always authorization (A2)")))
    #expect(diagram.edges.contains(.init(from: "WIU", to: "ND", label: "04:00 the next day (E3, A1)")))
    #expect(!StateMachineDiagram(version: OSVersion(14), keys: Self.everyKey).edges.contains { $0.label.contains("E3") })
  }

  @Test("UP1–UP4: the diagrams carry what an upgrade into the version changes as a comment; UP3 only into 14; none for 7")
  func upgradeNote() {
    let into14 = StateMachineDiagram(version: OSVersion(14), keys: Set(UsageDescriptionKey.allCases))
    #expect(into14.mermaid.split(separator: "\n")[2].hasPrefix("  %% Upgrade into iOS 14.0 from an older version: the phone restarts"))
    #expect(into14.mermaid.contains("Precise switch on (fullAccuracy)"))
    #expect(into14.graphviz.contains("\n  // Upgrade into iOS 14.0 from an older version:"))
    let into15 = StateMachineDiagram(version: OSVersion(15), keys: Set(UsageDescriptionKey.allCases))
    #expect(into15.upgradeNote?.contains("(UP3)") == false)
    #expect(StateMachineDiagram(version: OSVersion(7), keys: []).upgradeNote == nil)
  }

  @Test("labels escape what Mermaid would read as syntax")
  func mermaidEscaping() {
    #expect(StateMachineDiagram.mermaidString("say \"hi\" #1 <b> a|b") == "\"say #quot;hi#quot; #35;1 #lt;b#gt; a#124;b\"")
    #expect(StateMachineDiagram.mermaidString("Don’t “%@”") == "\"Don’t “%@”\"")
    #expect(StateMachineDiagram.dotString("a \"b\" \\ c") == "\"a \\\"b\\\" \\\\ c\"")
  }

  @Test(
    "the Graphviz output is a valid digraph (dot accepts it)",
    .enabled(if: ExplainDiagramTests.dotExecutable != nil, "needs Graphviz's dot (Debian package graphviz)"),
    arguments: layerVersions)
  func graphvizIsValid(ios: String) throws {
    let diagram = StateMachineDiagram(version: try OSVersion(parsing: ios), keys: Self.everyKey)
    let text = diagram.graphviz
    #expect(text.hasPrefix("digraph permsim {"))
    #expect(text.components(separatedBy: " -> ").count - 1 == diagram.edges.count)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(Self.dotExecutable))
    process.arguments = ["-Tcanon"]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(text.utf8))
    try input.fileHandleForWriting.close()
    _ = output.fileHandleForReading.readDataToEndOfFile()
    let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "dot rejects the iOS \(ios) digraph: \(complaint)")
  }

  /// Graphviz's `dot` on `PATH`, if any.
  static let dotExecutable: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    .split(separator: ":").map { "\($0)/dot" }.first { FileManager.default.isExecutableFile(atPath: $0) }

  @Test("LB1, LB2, LB5: from 15 the location button's taps are drawn from ND and DEN; before 15 there are none")
  func locationButtonEdges() throws {
    let diagram = StateMachineDiagram(version: OSVersion(15), keys: Self.everyKey)
    #expect(diagram.edges.contains { $0.from == "ND" && $0.to == "ND_P12" && $0.label.contains("LB1") })
    #expect(diagram.edges.contains { $0.from == "DEN_P12" && $0.to == "WIUt" })
    #expect(diagram.edges.contains { $0.from == "ND" && $0.to == "WIUt" && $0.label.contains("LB2") })
    #expect(diagram.edges.contains { $0.from == "WIUt" && $0.to == "DEN" && $0.label.contains("LB5") })
    let ios14 = StateMachineDiagram(version: OSVersion(14), keys: Self.everyKey)
    #expect(!ios14.edges.contains { $0.label.contains("location button") })
  }
}
