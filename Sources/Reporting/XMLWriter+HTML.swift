// MARK: - HTML elements

extension XMLWriter {
  /// Appends `<tag>` or `<tag class="…">`.
  mutating func open(_ tag: StaticString, class name: String? = nil) {
    markup("<")
    markup(tag)
    if let name { attribute("class", name) }
    markup(">")
  }

  /// Appends `</tag>`.
  mutating func close(_ tag: StaticString) {
    markup("</")
    markup(tag)
    markup(">")
  }

  /// Appends `<tag class="…">text</tag>`.
  mutating func element(_ tag: StaticString, class name: String? = nil, _ content: some StringProtocol) {
    open(tag, class: name)
    text(content)
    close(tag)
  }
}
