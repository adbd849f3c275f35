import Foundation

/// A property-list value: the contents of an Info.plist, whether read from a file or given inline.
///
/// Booleans and integers stay distinct (K3 honours only a Boolean), as do integers and reals.
public enum PlistValue: Sendable, Hashable {
  /// `<string>`.
  case string(String)
  /// `<true/>` or `<false/>`.
  case bool(Bool)
  /// `<integer>`.
  case integer(Int)
  /// `<real>`.
  case real(Double)
  /// `<date>`.
  case date(Date)
  /// `<data>`.
  case data(Data)
  /// `<array>`.
  case array([PlistValue])
  /// `<dict>`.
  case dictionary([String: PlistValue])

  /// The type of a property-list value, named as Xcode's property-list editor names it.
  public enum Kind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A text.
    case string = "String"
    /// `true` or `false`.
    case boolean = "Boolean"
    /// A whole number.
    case integer = "Integer"
    /// A floating-point number.
    case real = "Real"
    /// An instant.
    case date = "Date"
    /// Bytes.
    case data = "Data"
    /// An ordered list of values.
    case array = "Array"
    /// Keys with values.
    case dictionary = "Dictionary"

    /// The name Xcode shows: `String`, `Boolean`, `Integer`…
    public var description: String { rawValue }

    /// The name with its indefinite article, as diagnostics read it: "a String", "an Integer".
    var withArticle: String {
      switch self {
      case .array, .integer: "an \(rawValue)"
      case .string, .boolean, .real, .date, .data, .dictionary: "a \(rawValue)"
      }
    }
  }

  /// The type of this value.
  public var kind: Kind {
    switch self {
    case .string: .string
    case .bool: .boolean
    case .integer: .integer
    case .real: .real
    case .date: .date
    case .data: .data
    case .array: .array
    case .dictionary: .dictionary
    }
  }

  // MARK: - Typed access

  /// The string, when this value is a String.
  public var stringValue: String? {
    if case .string(let value) = self { value } else { nil }
  }

  /// The Boolean, when this value is a Boolean (never an integer or a string).
  public var boolValue: Bool? {
    if case .bool(let value) = self { value } else { nil }
  }

  /// The elements, when this value is an Array.
  public var arrayValue: [PlistValue]? {
    if case .array(let value) = self { value } else { nil }
  }

  /// The entries, when this value is a Dictionary.
  public var dictionaryValue: [String: PlistValue]? {
    if case .dictionary(let value) = self { value } else { nil }
  }
}
