import Foundation

/// The frame of permsim's HTML pages: the document's head with the embedded stylesheet and a content
/// security policy that forbids every request, and its end with the embedded script.
enum HTMLPageShell {
  /// Appends the doctype, the head and `<body>`.
  static func begin(title: String, into page: inout XMLWriter) {
    page.markup("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
    page.markup("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
    page.markup("<meta name=\"color-scheme\" content=\"light dark\">\n")
    // No fetch of any kind: the page opens from a CI artifact or a mail attachment as it is.
    page.markup(
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n")
    page.markup("<meta name=\"generator\" content=\"permsim\">\n")
    page.element("title", title)
    page.markup("\n<style>\n")
    page.markup(bytes: PackageResources.report_css)
    page.markup("</style>\n</head>\n<body>\n")
  }

  /// Appends the script and closes the document.
  static func end(into page: inout XMLWriter) {
    page.markup("<script>\n")
    page.markup(bytes: PackageResources.report_js)
    page.markup("</script>\n</body>\n</html>\n")
  }

  /// Appends `text` with every rule id that `ruleTexts` knows linked to its entry (`#rule-R6`), noting the ids cited.
  static func linkingRules(_ text: String, ruleTexts: [String: String], cited: inout Set<String>, into page: inout XMLWriter) {
    guard !ruleTexts.isEmpty else { return page.text(text) }
    var plainStart = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      guard text[index].isASCII, text[index].isLetter || text[index].isNumber else {
        index = text.index(after: index)
        continue
      }
      let wordStart = index
      while index < text.endIndex, text[index].isASCII, text[index].isLetter || text[index].isNumber {
        index = text.index(after: index)
      }
      let word = String(text[wordStart..<index])
      guard word.first?.isUppercase == true, ruleTexts[word] != nil else { continue }
      page.text(text[plainStart..<wordStart])
      page.markup("<a")
      page.attribute("href", "#rule-" + word)
      page.attribute("title", ruleTexts[word] ?? "")
      page.markup(">")
      page.text(word)
      page.markup("</a>")
      cited.insert(word)
      plainStart = index
    }
    page.text(text[plainStart...])
  }

  /// Appends the texts of the rules cited, each with the id its links point at.
  static func rules(_ cited: Set<String>, ruleTexts: [String: String], into page: inout XMLWriter) {
    guard !cited.isEmpty else { return }
    page.markup("<section class=\"panel rules\" aria-labelledby=\"rules-heading\"><h2 id=\"rules-heading\">Rules cited</h2><dl>")
    for id in cited.sorted(by: { $0.localizedStandardCompare($1) == .orderedAscending }) {
      page.markup("<dt")
      page.attribute("id", "rule-" + id)
      page.markup(">")
      page.text(id)
      page.markup("</dt>")
      page.element("dd", ruleTexts[id] ?? "")
    }
    page.markup("</dl></section>\n")
  }
}
