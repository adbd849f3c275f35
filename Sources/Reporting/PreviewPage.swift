/// The page of `permsim preview`: every alert an app can show, grouped by when it appears, in each language it ships.
public struct PreviewPage: Sendable {
  /// The app's name, as alert titles show it.
  public var app: String
  /// The Info.plist previewed, as the user named it.
  public var path: String
  /// The languages drawn.
  public var languages: [String]
  /// The versions covered (`8.0–26.x`).
  public var versions: String
  /// The situations, in the order the page shows them.
  public var groups: [PreviewGroup]
  /// Each rule id's statement, for the links from the rule ids the page cites.
  public var ruleTexts: [String: String]

  public init(
    app: String, path: String, languages: [String], versions: String, groups: [PreviewGroup], ruleTexts: [String: String] = [:]
  ) {
    self.app = app
    self.path = path
    self.languages = languages
    self.versions = versions
    self.groups = groups
    self.ruleTexts = ruleTexts
  }

  /// The whole page.
  public var html: String {
    var page = XMLWriter(capacity: 32 * 1024 + groups.count * 4096)
    var cited = Set<String>()
    HTMLPageShell.begin(title: "permsim preview: \(app)", into: &page)
    page.markup("<header>\n")
    page.element("h1", "Alerts of “\(app)”")
    page.markup("<dl class=\"settings-list\">")
    for (name, value) in [
      ("Info.plist", path), ("languages", languages.joined(separator: ", ")), ("iOS", versions),
      ("alerts", String(groups.count)),
    ] {
      page.markup("<div>")
      page.element("dt", name)
      page.element("dd", value)
      page.markup("</div>")
    }
    page.markup("</dl>\n</header>\n<main>\n")
    if groups.isEmpty { page.element("p", class: "note", "The app cannot show a location alert on these versions.") }
    for (index, group) in groups.enumerated() {
      page.markup("<section class=\"group\"")
      page.attribute("id", "group-\(index + 1)")
      page.attribute("aria-labelledby", "group-\(index + 1)-heading")
      page.markup("><h2")
      page.attribute("id", "group-\(index + 1)-heading")
      page.markup(">")
      page.text("\(group.situation), iOS \(group.versions)")
      page.markup("</h2><p class=\"note\">")
      HTMLPageShell.linkingRules("shown by \(group.rule)", ruleTexts: ruleTexts, cited: &cited, into: &page)
      page.markup("</p><div class=\"screens\">")
      for alert in group.alerts {
        page.markup("<div class=\"preview\">")
        ScreenDrawing.alert(alert.screen, into: &page)
        for note in alert.notes {
          page.markup("<p")
          page.attribute("class", "finding " + note.severity)
          page.markup(">")
          HTMLPageShell.linkingRules("\(note.severity): \(note.text)", ruleTexts: ruleTexts, cited: &cited, into: &page)
          page.markup("</p>")
        }
        page.markup("</div>")
      }
      page.markup("</div></section>\n")
    }
    page.markup("</main>\n")
    HTMLPageShell.rules(cited, ruleTexts: ruleTexts, into: &page)
    HTMLPageShell.end(into: &page)
    return String(decoding: page.bytes, as: UTF8.self)
  }
}
