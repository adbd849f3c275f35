import Foundation
import PlistLoader
import Testing

@Suite("Malformed files name their path and line")
struct MalformedFileTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var path: String
    var kind: PlistLoadError.Kind
    var message: String
    var testDescription: String { path }
  }

  @Test("a malformed Info.plist", arguments: [
    Case(path: "Malformed/non-key.plist", kind: .malformed,
         message: "Malformed/non-key.plist: line 5: Found non-key inside <dict>"),
    Case(path: "Malformed/close-tag.plist", kind: .malformed,
         message: "Malformed/close-tag.plist: line 5: Close tag does not match open tag string"),
    Case(path: "Malformed/truncated.binary.plist", kind: .malformed,
         message: "Malformed/truncated.binary.plist: not a valid binary property list"),
    Case(path: "Malformed/array-root.plist", kind: .unexpectedStructure,
         message: "Malformed/array-root.plist: the top level is an Array, not a Dictionary"),
    Case(path: "Malformed/empty.plist", kind: .malformed, message: "Malformed/empty.plist: the file is empty"),
    // A fuzzing finding: Foundation on Linux crashes bridging this binary set, so it never sees one.
    Case(path: "Malformed/binary-set.plist", kind: .unexpectedStructure,
         message: "Malformed/binary-set.plist: holds a set, which no Info.plist or strings file has"),
  ])
  func infoPlist(_ example: Case) throws {
    let error = try #require(throws: PlistLoadError.self) { try Fixture.document(example.path) }
    #expect(error.kind == example.kind)
    #expect(error.path == example.path)
    #expect(error.description == example.message)
  }

  @Test("an old-style Info.plist reports the old-style parser's message")
  func oldStyleInfoPlist() throws {
    let error = try #require(throws: PlistLoadError.self) { try Fixture.document("Malformed/old-style.plist") }
    #expect(error.line == 4)
    #expect(error.description.hasPrefix("Malformed/old-style.plist: line 4: "))
  }

  @Test("a malformed strings file", arguments: [
    Case(path: "Malformed/missing-semicolon.strings", kind: .malformed,
         message: "Malformed/missing-semicolon.strings: line 3: Missing ';'"),
    Case(path: "Malformed/unterminated.strings", kind: .malformed,
         message: "Malformed/unterminated.strings: line 2: Unterminated quoted string"),
  ])
  func stringsFile(_ example: Case) throws {
    let data = try Fixture.data(example.path)
    let error = try #require(throws: PlistLoadError.self) { try StringsFile.parse(data, path: example.path) }
    #expect(error.kind == example.kind)
    #expect(error.description == example.message)
  }

  @Test("a malformed String Catalog", arguments: [
    Case(path: "Malformed/bad-syntax.xcstrings", kind: .malformed,
         message: "Malformed/bad-syntax.xcstrings: line 4: Invalid value around character 75"),
    Case(path: "Malformed/wrong-type.xcstrings", kind: .unexpectedStructure,
         message: "Malformed/wrong-type.xcstrings: strings.CFBundleDisplayName.localizations.de.stringUnit.value: "
           + "Expected to decode String but found number instead"),
    Case(path: "Malformed/no-strings.xcstrings", kind: .unexpectedStructure,
         message: "Malformed/no-strings.xcstrings: the catalog has no \"strings\""),
  ])
  func stringCatalog(_ example: Case) throws {
    let data = try Fixture.data(example.path)
    let error = try #require(throws: PlistLoadError.self) { try StringCatalog(data: data, path: example.path) }
    #expect(error.kind == example.kind)
    #expect(error.description == example.message)
  }

  @Test("loading an app stops at its malformed strings file or catalog, named relative to the root", arguments: [
    ("BadStrings", "BadStrings/ja.lproj/InfoPlist.strings: line 2: Missing ';'"),
    ("BadCatalog/Info.plist", "BadCatalog/InfoPlist.xcstrings: line 6: Invalid value around character 136"),
  ])
  func appWithMalformedLocalization(path: String, message: String) throws {
    let error = try #require(throws: PlistLoadError.self) { try Fixture.document(path) }
    #expect(error.description == message)
  }
}
