import Testing
@testable import PermissionModel

@Suite("OSVersion")
struct OSVersionTests {
  @Test("parses one, two or three numbers", arguments: [
    ("8", OSVersion(8, 0, 0), "8.0"),
    ("13.4", OSVersion(13, 4, 0), "13.4"),
    ("17.2.1", OSVersion(17, 2, 1), "17.2.1"),
    ("7.0", OSVersion(7, 0, 0), "7.0"),
    ("18.6.2", OSVersion(18, 6, 2), "18.6.2"),
  ])
  func parses(text: String, expected: OSVersion, description: String) throws {
    let version = try OSVersion(parsing: text)
    #expect(version == expected)
    #expect(version.description == description)
  }

  @Test("orders by major, minor, patch")
  func orders() throws {
    let versions = try ["13.4", "8", "13.3.9", "17.2.1", "13.4.1", "9.0"].map { try OSVersion(parsing: $0) }
    #expect(versions.sorted().map(\.description) == ["8.0", "9.0", "13.3.9", "13.4", "13.4.1", "17.2.1"])
    #expect(try OSVersion(parsing: "13.10") > OSVersion(parsing: "13.9"))
  }

  @Test("a malformed version is an error that shows the form and the supported range", arguments: [
    "", "13.", ".4", "13..4", "13.x", "v13", "13.4.1.2", " 13", "+13", "-8", "13,4", "99999",
  ])
  func malformed(text: String) {
    #expect {
      try OSVersion(parsing: text)
    } throws: { error in
      guard let misuse = error as? MisuseError else { return false }
      return misuse.kind == .malformedVersion && misuse.message.contains("7.0 – 18.x")
        && misuse.message.contains("major[.minor[.patch]]")
    }
  }

  @Test("a version outside 7.0 – 18.x and 26.x is unsupported", arguments: ["6.1", "6", "27.0", "0"])
  func unsupported(text: String) {
    #expect {
      try OSVersion(parsing: text)
    } throws: { error in
      guard let misuse = error as? MisuseError else { return false }
      return misuse.kind == .unsupportedVersion
        && misuse.message == "iOS \(misuse.message.split(separator: " ")[1]) is not supported: the model covers iOS 7.0 – 18.x and 26.x"
    }
  }

  @Test("each version resolves to the newest layer at or below it")
  func resolvesLayers() throws {
    #expect(RuleSet.forVersion(try OSVersion(parsing: "7.1")).since == OSVersion(7))
    #expect(RuleSet.forVersion(try OSVersion(parsing: "10.3.3")).since == OSVersion(9))
    #expect(RuleSet.forVersion(try OSVersion(parsing: "13.3.1")).since == OSVersion(13))
    #expect(RuleSet.forVersion(try OSVersion(parsing: "13.4")).since == OSVersion(13, 4))
    #expect(RuleSet.forVersion(try OSVersion(parsing: "14.8")).since == OSVersion(14))
    #expect(RuleSet.forVersion(try OSVersion(parsing: "16.7")).since == OSVersion(15))
    #expect(RuleSet.forVersion(try OSVersion(parsing: "17.4")).since == OSVersion(17))  // LU1, MN1, BA1
    #expect(RuleSet.forVersion(try OSVersion(parsing: "18.2")).since == OSVersion(18))  // SS0, DG1
    #expect(RuleSet.forVersion(try OSVersion(parsing: "26.1")).since == OSVersion(26))  // N1
  }
}
