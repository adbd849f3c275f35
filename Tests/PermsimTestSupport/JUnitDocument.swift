import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A JUnit XML report read back with Foundation's XMLParser: its suites and cases with their outcomes.
public struct JUnitDocument {
  public struct TestCase: Equatable {
    public var suite: String
    public var name: String
    public var classname: String
    public var attributes: [String: String]
    /// "failure", "error", "skipped", or nil for a pass.
    public var outcome: String?
    public var outcomeAttributes: [String: String] = [:]
    public var outcomeText = ""
    public var systemOut = ""
  }

  public var rootAttributes: [String: String] = [:]
  public var suites: [(name: String, attributes: [String: String])] = []
  public var cases: [TestCase] = []
  public var properties: [String: String] = [:]

  /// Parses `data`; throws when it is not well-formed XML.
  public init(_ data: Data) throws {
    let delegate = Delegate()
    let parser = XMLParser(data: data)
    parser.delegate = delegate
    guard parser.parse() else {
      throw parser.parserError ?? CocoaError(.fileReadCorruptFile)
    }
    self = delegate.document
  }

  public init(contentsOf url: URL) throws {
    try self.init(Data(contentsOf: url))
  }

  init() {}

  /// The case named `name` (the first when several suites have one).
  public func testCase(_ name: String) -> TestCase? {
    cases.first { $0.name == name }
  }

  private final class Delegate: NSObject, XMLParserDelegate {
    var document = JUnitDocument()
    private var suite = ""
    private var current: TestCase?
    private var text = ""

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      text = ""
      switch name {
      case "testsuites": document.rootAttributes = attributes
      case "testsuite":
        suite = attributes["name"] ?? ""
        document.suites.append((suite, attributes))
      case "testcase":
        current = TestCase(
          suite: suite, name: attributes["name"] ?? "", classname: attributes["classname"] ?? "", attributes: attributes)
      case "failure", "error", "skipped":
        current?.outcome = name
        current?.outcomeAttributes = attributes
      case "property":
        document.properties[attributes["name"] ?? ""] = attributes["value"]
      default: break
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      switch name {
      case "failure", "error", "skipped": current?.outcomeText = text
      case "system-out": current?.systemOut = text
      case "testcase":
        if let current { document.cases.append(current) }
        current = nil
      default: break
      }
      text = ""
    }
  }
}
