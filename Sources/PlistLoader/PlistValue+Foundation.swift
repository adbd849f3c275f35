import Foundation

extension PlistValue {
  /// Converts an object graph from `PropertyListSerialization`, or returns nil for a type a plist cannot hold.
  ///
  /// On Linux a plist Boolean arrives as Swift `Bool` and an integer as `NSNumber`, yet `NSNumber(1) is Bool`
  /// holds; on Darwin both arrive as `NSNumber`. The number's Objective-C type code (`c` for Booleans) is the
  /// one test that tells them apart on both.
  init?(propertyList object: Any) {
    switch object {
    case let string as String:
      self = .string(string)
    case let date as Date:
      self = .date(date)
    case let data as Data:
      self = .data(data)
    case let number as NSNumber:
      self = PlistValue(number: number)
    case let array as [Any]:
      var elements: [PlistValue] = []
      elements.reserveCapacity(array.count)
      for element in array {
        guard let value = PlistValue(propertyList: element) else { return nil }
        elements.append(value)
      }
      self = .array(elements)
    case let dictionary as [String: Any]:
      var entries: [String: PlistValue] = [:]
      entries.reserveCapacity(dictionary.count)
      for (key, element) in dictionary {
        guard let value = PlistValue(propertyList: element) else { return nil }
        entries[key] = value
      }
      self = .dictionary(entries)
    default:
      return nil
    }
  }

  private init(number: NSNumber) {
    switch UInt8(bitPattern: number.objCType.pointee) {
    case UInt8(ascii: "c"), UInt8(ascii: "B"):
      self = .bool(number.boolValue)
    case UInt8(ascii: "d"), UInt8(ascii: "f"):
      self = .real(number.doubleValue)
    case UInt8(ascii: "Q"):
      self = Int(exactly: number.uint64Value).map(PlistValue.integer) ?? .real(number.doubleValue)
    default:
      self = .integer(number.intValue)
    }
  }
}
