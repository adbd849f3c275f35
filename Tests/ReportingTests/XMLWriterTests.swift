import Testing
@testable import Reporting

@Suite("XML text escaping")
struct XMLWriterTests {
  private func text(_ string: String) -> String {
    var xml = XMLWriter()
    xml.text(string)
    return String(decoding: xml.bytes, as: UTF8.self)
  }

  private func attribute(_ string: String) -> String {
    var xml = XMLWriter()
    xml.attribute("v", string)
    return String(decoding: xml.bytes, as: UTF8.self)
  }

  @Test("markup characters are escaped in text")
  func escapesMarkup() {
    #expect(text("<a & b>") == "&lt;a &amp; b&gt;")
    #expect(text("it's \"fine\"") == "it's \"fine\"")
  }

  @Test("a CDATA terminator in text is harmless")
  func cdataTerminator() {
    #expect(text("x ]]> y") == "x ]]&gt; y")
  }

  @Test("attributes escape quotes and keep tabs and line breaks as references")
  func attributes() {
    #expect(attribute("say \"hi\"\n\tto <all> & 'you'\r") == " v=\"say &quot;hi&quot;&#10;&#9;to &lt;all&gt; &amp; 'you'&#13;\"")
  }

  @Test("text keeps tabs and line feeds and escapes carriage returns")
  func textWhitespace() {
    #expect(text("a\tb\nc\rd") == "a\tb\nc&#13;d")
  }

  @Test(
    "ANSI escape sequences are stripped",
    arguments: [
      ("\u{1B}[31mred\u{1B}[0m", "red"),
      ("\u{1B}[1;32;40mbold green", "bold green"),
      ("a\u{1B}[2Kb", "ab"),
      ("\u{1B}]0;window title\u{7}after", "after"),
      ("\u{1B}]8;;https://example.com\u{1B}\\link\u{1B}]8;;\u{1B}\\", "link"),
      ("\u{1B}(Bcharset", "charset"),
      ("\u{1B}Mreverse", "reverse"),
      ("unterminated \u{1B}]title\nnext", "unterminated \nnext"),
      ("lone at end\u{1B}", "lone at end"),
    ])
  func stripsANSI(input: String, expected: String) {
    #expect(text(input) == expected)
    #expect(attribute(input) == " v=\"\(expected.replacingOccurrences(of: "\n", with: "&#10;"))\"")
  }

  @Test(
    "characters XML 1.0 forbids become U+FFFD",
    arguments: ["\u{0}", "\u{1}", "\u{8}", "\u{B}", "\u{C}", "\u{E}", "\u{1F}", "\u{FFFE}", "\u{FFFF}"])
  func replacesForbidden(character: String) {
    #expect(text("a\(character)b") == "a\u{FFFD}b")
    #expect(attribute("a\(character)b") == " v=\"a\u{FFFD}b\"")
  }

  @Test(
    "characters XML 1.0 allows pass through unchanged",
    arguments: ["\u{7F}", "\u{85}", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{10000}", "\u{10FFFF}", "é", "›", "🧭"])
  func keepsAllowed(character: String) {
    #expect(text("a\(character)b") == "a\(character)b")
  }

  @Test("invalid UTF-8 from Lua arrives repaired, and stays valid")
  func invalidUTF8() {
    let decoded = String(decoding: [0x61, 0xFF, 0xC3, 0x28, 0x62], as: UTF8.self)
    #expect(text(decoded) == "a\u{FFFD}\u{FFFD}(b")
  }

  @Test("substrings escape like strings")
  func substrings() {
    var xml = XMLWriter()
    xml.text("x<y>z".dropFirst().dropLast())
    #expect(String(decoding: xml.bytes, as: UTF8.self) == "&lt;y&gt;")
  }
}
