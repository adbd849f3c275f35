import Foundation
import PlistLoader
import Testing

@Suite("Plist values from Foundation")
struct PlistValueTests {
  static let expectedSamples: [String: PlistValue] = [
    "True": .bool(true),
    "False": .bool(false),
    "IntegerOne": .integer(1),
    "IntegerZero": .integer(0),
    "Negative": .integer(-3),
    "Big": .integer(1 << 40),
    "RealOne": .real(1.0),
    "Real": .real(1.5),
    "Date": .date(Date(timeIntervalSince1970: 1_704_164_645)),
    "Data": .data(Data([0x00, 0x01, 0x02, 0xFF])),
    "Text": .string("Your location… “quoted” & more"),
    "Mixed": [true, 1, "one", 1.0],
  ]

  @Test("XML and binary plists keep Booleans, Integers and Reals apart", arguments: [
    "WiFiFinder/Info.plist", "WiFiFinder/Info.binary.plist",
  ])
  func typesSurviveBridging(path: String) throws {
    let document = try Fixture.document(path)
    let samples = try #require(document.values["TypeSamples"]?.dictionaryValue)
    for (key, expected) in Self.expectedSamples {
      #expect(samples[key] == expected, "\(key)")
    }
    #expect(samples.count == Self.expectedSamples.count)
  }

  @Test("the XML and the binary Info.plist read the same")
  func xmlEqualsBinary() throws {
    let xml = try Fixture.document("WiFiFinder/Info.plist")
    let binary = try Fixture.document("WiFiFinder/Info.binary.plist")
    #expect(xml.values == binary.values)
    #expect(xml.values["UIBackgroundModes"] == ["location", "fetch"])
    #expect(binary.path == "WiFiFinder/Info.binary.plist")
  }

  @Test("an Integer 1 is no Boolean and a Boolean is no Integer")
  func typedAccessIsStrict() {
    #expect(PlistValue.integer(1).boolValue == nil)
    #expect(PlistValue.string("YES").boolValue == nil)
    #expect(PlistValue.bool(true).boolValue == true)
    #expect(PlistValue.bool(true) != PlistValue.integer(1))
    #expect(PlistValue.real(1) != PlistValue.integer(1))
  }

  @Test("kinds are named as Xcode names them", arguments: [
    (PlistValue.string("x"), "String"), (.bool(false), "Boolean"), (.integer(2), "Integer"), (.real(0.5), "Real"),
    (.date(Date(timeIntervalSince1970: 0)), "Date"), (.data(Data()), "Data"), (.array([]), "Array"),
    (.dictionary([:]), "Dictionary"),
  ])
  func kindNames(value: PlistValue, name: String) {
    #expect(value.kind.description == name)
  }
}
