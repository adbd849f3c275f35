/// An Xcode build setting written in an Info.plist text, `$(NAME)` or `${NAME}`: only an Xcode build expands it.
package enum BuildSetting {
  /// The first build setting in `text`, either spelling, if any (to the end of the text when it is not closed).
  package static func first(in text: String) -> String? {
    let starts = [("$(", ")"), ("${", "}")].compactMap { open, close in text.range(of: open).map { ($0, close) } }
    guard let (start, close) = starts.min(by: { $0.0.lowerBound < $1.0.lowerBound }) else { return nil }
    guard let end = text[start.upperBound...].firstIndex(of: Character(close)) else { return String(text[start.lowerBound...]) }
    return String(text[start.lowerBound...end])
  }
}
