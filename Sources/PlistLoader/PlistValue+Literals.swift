/// Plist values written as Swift literals: `["UIBackgroundModes": ["location"], "CFBundleName": "App"]`.
extension PlistValue: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self = .string(value) }
}

extension PlistValue: ExpressibleByBooleanLiteral {
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension PlistValue: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int) { self = .integer(value) }
}

extension PlistValue: ExpressibleByFloatLiteral {
  public init(floatLiteral value: Double) { self = .real(value) }
}

extension PlistValue: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: PlistValue...) { self = .array(elements) }
}

extension PlistValue: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, PlistValue)...) {
    self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
