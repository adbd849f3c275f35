import Foundation
import Testing

@testable import PlistLoader

/// Binary property lists whose arrays name the same object twice (issue 44, item 11): refused before they expand.
@Suite("Binary plists that expand are refused")
struct BinaryPlistExpansionTests {
  /// A binary plist `{ "k": a0 }` where each `a(i)` is `[a(i+1), a(i+1)]` and the last is the string "x":
  /// 2^depth strings once read out, in 60 + 3 × depth bytes.
  static func doublingPlist(depth: Int) -> Data {
    // Objects: 0 the top dictionary, 1 its key "k", 2…depth+1 the arrays, depth+2 the string "x".
    var objects: [[UInt8]] = []
    objects.append([0xD1, 1, 2])
    objects.append([0x51, UInt8(ascii: "k")])
    for level in 0..<depth { objects.append([0xA2, UInt8(3 + level), UInt8(3 + level)]) }
    objects.append([0x51, UInt8(ascii: "x")])
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(bytes.count)
      bytes += object
    }
    let table = bytes.count
    for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
    bytes += [0, 0, 0, 0, 0, 0, 2, 1]  // unused, offset size 2, reference size 1
    for value in [objects.count, 0, table] { bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
    return Data(bytes)
  }

  @Test("the reader counts what a plist expands to without expanding it: 2^40 strings in a few hundred bytes")
  func countsWithoutExpanding() throws {
    let data = Self.doublingPlist(depth: 40)
    #expect(data.count < 300)
    let trailer = try #require(BinaryPropertyListTrailer(data))
    #expect(trailer.expandedSize(in: data) == BinaryPropertyListTrailer.expansionLimit + 1)
    // Small graphs count exactly: the dictionary, its key, 2 + 4 + 8 arrays' elements, the array itself.
    let small = Self.doublingPlist(depth: 3)
    #expect(try #require(BinaryPropertyListTrailer(small)).expandedSize(in: small) == 1 + 1 + 1 + 2 + 4 + 8)
  }

  @Test("loading refuses one that would hold more than the limit, naming the file (before: 2^17 strings built, ten seconds)")
  func loadingRefuses() throws {
    // 2^17 strings: the reader used to build every one (ten seconds in a debug build); at depth 40 it never ended.
    let data = Self.doublingPlist(depth: 17)
    let error = try #require(throws: PlistLoadError.self) { try InfoPlistDocument(data: data, path: "bomb/Info.plist") }
    #expect(error.kind == .unexpectedStructure)
    #expect(error.description.hasPrefix("bomb/Info.plist: its arrays and dictionaries name the same objects over and over"))
    // A strings file goes through the same reader.
    #expect(throws: PlistLoadError.self) { try StringsFile.parse(data, path: "bomb/de.lproj/InfoPlist.strings") }
  }

  @Test("shared references that stay small load as before")
  func smallSharingLoads() throws {
    let document = try InfoPlistDocument(data: Self.doublingPlist(depth: 4), path: "Info.plist")
    #expect(document.values["k"]?.arrayValue?.count == 2)
  }
}
