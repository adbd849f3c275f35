import Foundation

/// What an HTML page of permsim shows once Chromium has loaded and scripted it, read back with html5lib.
public struct DrawnPage: Decodable {
  /// An alert as drawn: its texts, buttons in order, the tapped one, layout, look, switch and map.
  public struct Alert: Decodable, Equatable {
    public var id: String
    public var ios: String
    public var lang: String
    public var look: String
    public var title: String?
    public var message: String?
    public var buttons: [String]
    public var tapped: [String]
    public var layout: String
    public var precise: Bool?
    public var map: String?

    public init(
      id: String, ios: String, lang: String, look: String, title: String?, message: String?, buttons: [String],
      tapped: [String], layout: String, precise: Bool?, map: String?
    ) {
      (self.id, self.ios, self.lang, self.look, self.title, self.message) = (id, ios, lang, look, title, message)
      (self.buttons, self.tapped, self.layout, self.precise, self.map) = (buttons, tapped, layout, precise, map)
    }
  }

  /// A Settings screen as drawn.
  public struct Settings: Decodable, Equatable {
    public var options: [String]
    public var selected: [String]

    public init(options: [String], selected: [String]) {
      self.options = options
      self.selected = selected
    }
  }

  /// A case of a run report.
  public struct Case: Decodable, Equatable {
    public var id: String?
    public var outcome: String?
    public var hidden: Bool
    public var problem: String?
    public var timeline: Bool
  }

  public var alerts: [Alert]
  public var settings: [Settings]
  public var cases: [Case]

  /// Whether pages can be read: Chromium and html5lib are installed (`Scripts/bootstrap` installs both).
  public static var canRead: Bool { HeadlessChromium.executable != nil && PythonParsers.hasHTML5Lib }

  /// Loads the page at `file` (with `query`) in headless Chromium and reads its DOM.
  public static func read(_ file: URL, query: String = "") throws -> DrawnPage {
    let dom = try HeadlessChromium.dumpDOM(of: file, query: query)
    let parsed = try PythonParsers.screens(inDOM: dom)
    guard parsed.status == 0 else { throw ReadError(description: parsed.output) }
    return try JSONDecoder().decode(DrawnPage.self, from: Data(parsed.output.utf8))
  }

  /// The page could not be read back.
  public struct ReadError: Error, CustomStringConvertible {
    public var description: String
  }
}
