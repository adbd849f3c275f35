import Foundation
import PlistLoader
import Testing

@Suite("InfoPlist.strings encodings")
struct StringsFileTests {
  static let expected: [String: String] = [
    "NSLocationWhenInUseUsageDescription": "您的位置… is used to \"find\" Wi-Fi",
    "WantsToGetWiFiSSID": "精确位置\nline two",
    "Escaped": "… done\n",
  ]

  @Test("every encoding reads the same entries", arguments: [
    ("utf8.strings", StringsFile.Encoding.utf8(byteOrderMark: false)),
    ("utf8-bom.strings", .utf8(byteOrderMark: true)),
    ("utf16le-bom.strings", .utf16LittleEndian(byteOrderMark: true)),
    ("utf16be-bom.strings", .utf16BigEndian(byteOrderMark: true)),
    ("utf16le.strings", .utf16LittleEndian(byteOrderMark: false)),
    ("utf16be.strings", .utf16BigEndian(byteOrderMark: false)),
    ("binary.strings", .binaryPropertyList),
  ])
  func encodings(file: String, encoding: StringsFile.Encoding) throws {
    let data = try Fixture.data("Encodings/" + file)
    #expect(StringsFile.encoding(of: data) == encoding)
    #expect(try StringsFile.parse(data, path: file) == Self.expected)
  }

  @Test("an empty or comments-only strings file is an empty table", arguments: [
    "empty.strings", "comments-only.strings",
  ])
  func emptyTables(file: String) throws {
    #expect(try StringsFile.parse(Fixture.data("Encodings/" + file), path: file).isEmpty)
  }

  @Test("a strings file holding only a byte-order mark is an empty table", arguments: [
    [0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0xFE, 0xFF],
  ] as [[UInt8]])
  func byteOrderMarkOnly(bytes: [UInt8]) throws {
    #expect(try StringsFile.parse(Data(bytes), path: "x.strings").isEmpty)
  }

  @Test("UTF-16 without a BOM is recognised by its NUL bytes even when most characters are not ASCII")
  func mostlyNonASCIIWithoutBOM() throws {
    let text = "\"无线\"=\"无线网络无线网络无线网络\";\n\"Key\" = \"Value\";\n"
    var bytes = Data()
    for unit in text.utf16 { bytes.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)]) }
    #expect(StringsFile.encoding(of: bytes) == .utf16BigEndian(byteOrderMark: false))
    #expect(try StringsFile.parse(bytes, path: "x.strings") == ["无线": "无线网络无线网络无线网络", "Key": "Value"])
  }

  @Test("bytes that are neither UTF-8 nor UTF-16 are refused with the path")
  func invalidUTF16() throws {
    let bytes = Data([0x22, 0x00, 0x00, 0xD8, 0x22, 0x00])  // a lone surrogate
    let error = try #require(throws: PlistLoadError.self) {
      try StringsFile.parse(bytes, path: "ja.lproj/InfoPlist.strings")
    }
    #expect(error.kind == .unsupportedEncoding)
    #expect(error.description == "ja.lproj/InfoPlist.strings: not valid UTF-8 or UTF-16 text")
  }

  @Test("entries that are not strings are skipped")
  func nonStringEntries() throws {
    let data = Data("\"A\" = { \"x\" = \"y\"; };\n\"B\" = ( \"a\" );\n\"C\" = \"c\";\n".utf8)
    #expect(try StringsFile.parse(data, path: "x.strings") == ["C": "c"])
  }
}
