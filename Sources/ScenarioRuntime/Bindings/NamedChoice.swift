import PermissionModel

/// A value a scenario names by its case (`"fitness"`, `"whenInUse"`, `"appClip"`), read with one error for every misspelling.
enum NamedChoice {
  /// The case of `E` named `text`, or the message that names the closest case and lists them all:
  /// `"fitnes" is not a live-update configuration (did you mean fitness?); configurations: default, …`.
  static func parse<E: RawRepresentable & CaseIterable>(
    _ text: String, as type: E.Type, noun: String, plural: String
  ) -> Result<E, ChoiceError> where E.RawValue == String {
    if let value = E(rawValue: text) { return .success(value) }
    let names = E.allCases.map(\.rawValue)
    let hint = Spelling.closest(to: text, in: names).map { " (did you mean \($0)?)" } ?? ""
    return .failure(ChoiceError(message: "\"\(text)\" is not a \(noun)\(hint); \(plural): \(names.joined(separator: ", "))"))
  }

  /// The message of a name that is no case.
  struct ChoiceError: Error {
    let message: String
  }
}
