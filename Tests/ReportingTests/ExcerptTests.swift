import Testing
@testable import Reporting

@Suite("Bounded excerpts of long text")
struct ExcerptTests {
  @Test("text within budget is kept whole")
  func shortText() {
    #expect(Excerpt.text(["one", "two"], budget: 7) == "one\ntwo")
    #expect(Excerpt.text([], budget: 10) == "")
  }

  @Test("long text keeps its head and tail around a marker, within budget")
  func headAndTail() {
    let lines = (1...10_000).map { "line \($0) of the transcript" }
    let total = lines.joined(separator: "\n").utf8.count
    let excerpt = Excerpt.text(lines)
    #expect(excerpt.utf8.count <= 65_536)
    #expect(excerpt.utf8.count > 60_000)
    #expect(excerpt.hasPrefix("line 1 of the transcript\nline 2 of"))
    #expect(excerpt.hasSuffix("line 9999 of the transcript\nline 10000 of the transcript"))

    let parts = excerpt.split(separator: "\n").filter { $0.hasPrefix("[…") }
    #expect(parts.count == 1)
    let shown = excerpt.utf8.count - (parts.first?.utf8.count ?? 0) - 2
    #expect(parts.first == "[… \(total - shown) bytes not shown: the text is longer than 64 KiB …]")
  }

  @Test("a single huge line of 4-byte characters is cut without splitting one", arguments: [1, 2, 3, 4])
  func neverSplitsUTF8(leadingASCII: Int) {
    let line = String(repeating: "a", count: leadingASCII) + String(repeating: "𝄞", count: 40_000)
    let excerpt = Excerpt.text([line], budget: 1_000)
    #expect(excerpt.utf8.count <= 1_000)
    #expect(!excerpt.contains("\u{FFFD}"))
    let kept = excerpt.unicodeScalars.filter { $0 == "𝄞" }.count
    #expect(kept > 200)
  }

  @Test(
    "prefixes and suffixes end on scalar boundaries",
    arguments: [
      ("a𝄞b", 0, "", ""), ("a𝄞b", 1, "a", "b"), ("a𝄞b", 4, "a", "b"), ("a𝄞b", 5, "a𝄞", "𝄞b"),
      ("a𝄞b", 6, "a𝄞b", "a𝄞b"),
    ])
  func boundaries(string: String, maxBytes: Int, prefix: String, suffix: String) {
    #expect(Excerpt.prefix(of: string, maxBytes: maxBytes) == prefix[...])
    #expect(Excerpt.suffix(of: string, maxBytes: maxBytes) == suffix[...])
  }

  @Test("the tail is the last eight lines")
  func tail() {
    let lines = (1...20).map(String.init)
    #expect(Array(Excerpt.tail(lines)) == (13...20).map(String.init))
    #expect(Array(Excerpt.tail(["only"])) == ["only"])
  }
}
