import Foundation
import Testing
@testable import PermissionModel

@Suite("RequestedVersion")
struct RequestedVersionTests {
  @Test("keeps the text as written beside the parsed version", arguments: [
    ("14", OSVersion(14)), ("13.4.0", OSVersion(13, 4)), ("017.2.1", OSVersion(17, 2, 1)),
  ])
  func keepsText(text: String, expected: OSVersion) throws {
    let requested = try RequestedVersion(parsing: text)
    #expect(requested.text == text)
    #expect(requested.description == text)
    #expect(try requested.version == expected)
    #expect(RequestedVersion(written: text).text == text)
    #expect(try RequestedVersion(written: text).version == expected)
  }

  @Test("a version given as such is spelled as OSVersion spells it")
  func fromVersion() throws {
    #expect(RequestedVersion(.newestSupported).text == "26.0")
    #expect(try RequestedVersion(OSVersion(17, 2, 1)).version == OSVersion(17, 2, 1))
  }

  @Test("equal, and hashed alike, when they name the same release, however written")
  func equality() throws {
    let fourteen = try ["14", "14.0", "14.0.0", "014"].map { try RequestedVersion(parsing: $0) }
    #expect(Set(fourteen).count == 1)
    #expect(fourteen.allSatisfy { $0 == fourteen[0] })
    #expect(try RequestedVersion(parsing: "14.0.1") != fourteen[0])
    #expect(try RequestedVersion(parsing: "14.1") != fourteen[0])
    #expect(RequestedVersion(written: "banana") != fourteen[0])
  }

  @Test("parsing throws what OSVersion throws; a written one keeps that error for its version", arguments: [
    "banana", "19.0", "6.1", "", "14.",
  ])
  func errors(text: String) {
    let expected: MisuseError
    do {
      _ = try OSVersion(parsing: text)
      Issue.record("\(text) parsed")
      return
    } catch {
      expected = error
    }
    #expect(throws: expected) { try RequestedVersion(parsing: text) }
    let written = RequestedVersion(written: text)
    #expect(written.text == text)
    #expect(throws: expected) { try written.version }
  }

  @Test("codes as its text")
  func codable() throws {
    let versions = [try RequestedVersion(parsing: "14"), RequestedVersion(written: "banana")]
    let data = try JSONEncoder().encode(versions)
    #expect(String(decoding: data, as: UTF8.self) == #"["14","banana"]"#)
    let decoded = try JSONDecoder().decode([RequestedVersion].self, from: data)
    #expect(decoded.map(\.text) == ["14", "banana"])
    #expect(try decoded[0].version == OSVersion(14))
  }
}
