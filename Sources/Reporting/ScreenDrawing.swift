/// Draws a device's screens in HTML and CSS: alerts as iOS lays them out for their version, and Settings screens.
///
/// Nothing is an image of Apple's interface: the texts are the ones the model showed (its system-text
/// tables and the app's purpose strings) and the shapes are CSS (`HTML/report.css`).
enum ScreenDrawing {
  /// The first iOS version with the redesigned alerts (and dark mode): earlier ones get the iOS 7–12 look.
  static let redesignMajor = 13

  /// Appends an alert: the title, the message, the map and Precise switch when it has them, and its
  /// buttons in order (two side by side, more stacked) with the tapped one marked.
  static func alert(_ alert: AlertScreen, into page: inout XMLWriter) {
    let modern = alert.majorVersion >= redesignMajor
    page.markup("<figure class=\"screen\"")
    page.attribute("data-alert", alert.id)
    page.attribute("data-ios", alert.iosVersion)
    page.attribute("lang", alert.language)
    if let tapped = alert.tapped { page.attribute("data-tapped", tapped) }
    page.markup("><div class=\"dim\"><div")
    page.attribute("class", modern ? "alert ios13" : "alert ios7")
    page.markup(" role=\"alertdialog\"")
    page.attribute("aria-label", alert.title)
    page.markup("><div class=\"content\">")
    page.element("p", class: "title", alert.title)
    if let message = alert.message { page.element("p", class: "message", message) }
    if let map = alert.map {
      page.markup("<div")
      page.attribute("class", "map " + map)
      page.markup("><span class=\"pin\"></span>")
      if let precise = alert.preciseSwitch { toggle(precise, into: &page) }
      page.close("div")
    } else if let precise = alert.preciseSwitch {
      toggle(precise, into: &page)
    }
    page.close("div")
    page.open("div", class: alert.buttons.count == 2 ? "buttons side" : "buttons stacked")
    for button in alert.buttons {
      page.element("span", class: button == alert.tapped ? "button tapped" : "button", button)
    }
    page.markup("</div></div></div><figcaption>")
    var caption = "\(alert.id) alert#\(alert.number) · iOS \(alert.iosVersion) · \(alert.language) · "
    caption += modern ? "iOS 13+ look" : "iOS 7–12 look"
    if let tapped = alert.tapped { caption += " · tapped “\(tapped)”" }
    page.text(caption)
    page.markup("</figcaption></figure>")
  }

  /// Appends an app's Location screen in Settings: its options with the selected one checked, and the Precise Location switch.
  static func settings(_ screen: SettingsScreen, into page: inout XMLWriter) {
    page.markup("<figure class=\"screen\" data-settings=\"\"")
    page.attribute("data-ios", screen.iosVersion)
    page.attribute("lang", screen.language)
    page.markup("><div class=\"settings-screen\">")
    page.element("p", class: "app", screen.app)
    page.markup("<ul>")
    for option in screen.options {
      page.markup("<li")
      if option == screen.selected { page.markup(" class=\"selected\" aria-current=\"true\"") }
      page.markup(">")
      page.text(option)
      page.close("li")
    }
    page.markup("</ul>")
    if let precise = screen.preciseSwitch {
      page.markup("<p class=\"precise\">")
      toggle(precise, into: &page)
      page.close("p")
    }
    page.markup("</div><figcaption>")
    page.text("Settings · \(screen.app) · iOS \(screen.iosVersion) · \(screen.language)")
    page.markup("</figcaption></figure>")
  }

  /// A labelled switch, on or off.
  private static func toggle(_ control: ScreenSwitch, into page: inout XMLWriter) {
    page.markup("<span class=\"switch\">")
    page.text(control.label)
    page.markup("<span")
    page.attribute("class", control.isOn ? "toggle on" : "toggle")
    page.markup(" role=\"img\"")
    page.attribute("aria-label", control.isOn ? "on" : "off")
    page.markup("></span></span>")
  }
}
