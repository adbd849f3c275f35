import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed XML document as a flat list of elements, to check reports with Foundation's `XMLParser`.
final class XMLOutline: NSObject, XMLParserDelegate {
  struct Element {
    var name: String
    var attributes: [String: String]
    /// The element's own character data (not its children's).
    var text: String
    var depth: Int
    var parent: Int?
  }

  private(set) var elements: [Element] = []
  private var _open: [Int] = []

  /// Parses `bytes`, or returns the parser's error.
  static func parse(_ bytes: [UInt8]) -> Result<XMLOutline, any Error> {
    let outline = XMLOutline()
    let parser = XMLParser(data: Data(bytes))
    parser.delegate = outline
    guard parser.parse() else {
      return .failure(parser.parserError ?? CocoaError(.fileReadCorruptFile))
    }
    return .success(outline)
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    elements.append(Element(name: elementName, attributes: attributes, text: "", depth: _open.count, parent: _open.last))
    _open.append(elements.count - 1)
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    _open.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if let index = _open.last { elements[index].text += string }
  }

  /// The elements with this name, in document order.
  func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }

  /// The direct children of the element at `index`.
  func children(of index: Int) -> [Element] { elements.filter { $0.parent == index } }

  /// The index of an element (by name and an attribute) in `elements`.
  func index(of name: String, where attribute: String, is value: String) -> Int? {
    elements.firstIndex { $0.name == name && $0.attributes[attribute] == value }
  }
}
