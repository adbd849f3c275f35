import PermissionModel
import PlistLoader

extension Linter {
  /// Why App Review would reject a purpose text (guideline 5.1.1: a purpose text must say why the app needs
  /// the data), found conservatively: only what no sensible text does.
  enum PurposeTextProblem: Equatable {
    /// A template's placeholder left in the text ("AppName uses your location").
    case placeholder(String)
    /// A word or two, which cannot say why ("Because", "Location permission").
    case tooShort
    /// Letters of another script than the localization's language ("Find nearby stores" in ru.lproj).
    case otherScript(expected: String)
    /// The development language's text, untranslated, in another localization.
    case untranslated(String)

    /// The reason, as the finding says it.
    var reason: String {
      switch self {
      case .placeholder(let word): "it holds the placeholder “\(word)”"
      case .tooShort: "a word or two cannot say why the app needs the location"
      case .otherScript(let expected): "it has no letters of the \(expected) script its language is written in"
      case .untranslated(let region): "it is the \(region) text, untranslated"
      }
    }
  }

  /// Placeholders of templates and tutorials, matched as whole words and as written *(assumed)*: the
  /// data file Resources/PlaceholderWords.txt, one a line.
  static let placeholderWords: [String] = String(decoding: PackageResources.PlaceholderWords_txt, as: UTF8.self)
    .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)

  /// A script's name and the Unicode blocks of its letters.
  typealias Script = (name: String, ranges: [ClosedRange<UInt32>])

  /// The script each language with a non-Latin one is written in, by language code *(assumed)*.
  static let languageScripts: [String: Script] = {
    let cyrillic: Script = ("Cyrillic", [0x0400...0x04FF])
    let arabic: Script = ("Arabic", [0x0600...0x06FF, 0x0750...0x077F, 0xFB50...0xFDFF, 0xFE70...0xFEFF])
    let han: Script = ("Han", [0x4E00...0x9FFF, 0x3400...0x4DBF])
    let japanese: Script = ("Japanese", [0x3040...0x30FF, 0x4E00...0x9FFF])
    let script = { (name: String, range: ClosedRange<UInt32>) -> Script in (name, [range]) }
    return [
      "ru": cyrillic, "uk": cyrillic, "bg": cyrillic, "be": cyrillic, "sr": cyrillic, "mk": cyrillic, "kk": cyrillic,
      "ar": arabic, "fa": arabic, "ur": arabic, "he": script("Hebrew", 0x0590...0x05FF), "el": script("Greek", 0x0370...0x03FF),
      "zh": han, "ja": japanese, "ko": ("Hangul", [0xAC00...0xD7AF, 0x1100...0x11FF, 0x3130...0x318F] as [ClosedRange<UInt32>]),
      "th": script("Thai", 0x0E00...0x0E7F), "hi": script("Devanagari", 0x0900...0x097F),
      "ka": script("Georgian", 0x10A0...0x10FF), "hy": script("Armenian", 0x0530...0x058F),
    ]
  }()

  // K5: the usage descriptions alerts show, in the Info.plist and in each localization, checked for what
  // App Review rejects. Warnings of their own, each with its reason.
  func purposeTextChecks() -> [LintCheck] {
    let usage = alertTexts().filter { UsageDescriptionKey(rawValue: $0.key) != nil }
    var checks: [LintCheck] = []
    for text in usage {
      let problems = Self.purposeTextProblems(text.text, locale: nil)
      if !problems.isEmpty {
        checks.append(
          check(.K5, "\(text.key) purpose text") { rules in
            guard text.applies(rules) else { return [] }
            return problems.map { draft(.warning, .K5, key: text.key, Self.reviewMessage(text.key, $0), fix: Self.reviewFix) }
          })
      }
    }
    for language in localizations() {
      for text in usage {
        guard let translation = language.entries[text.key] else { continue }
        var problems = Self.purposeTextProblems(translation, locale: language.locale)
        if translation == text.text, translation.split(separator: " ").count >= 4, let region = document.developmentRegion,
          LanguageMatch.normalized(region).prefix(2) != LanguageMatch.normalized(language.locale).prefix(2)
        {
          problems.append(.untranslated(region))
        }
        guard !problems.isEmpty else { continue }
        checks.append(
          check(.K5, "\(text.key) purpose text", locale: language.locale) { rules in
            guard text.applies(rules) else { return [] }
            return problems.map { problem in
              Draft(
                severity: .warning, rule: .K5, key: text.key, locale: language.locale, file: language.file,
                message: "the \(language.locale) text of " + Self.reviewMessage(text.key, problem), fix: Self.reviewFix,
                line: language.lines[text.key])
            }
          })
      }
    }
    return checks
  }

  /// What App Review would object to in `text`, shown to devices in `locale` (nil: the Info.plist's own).
  static func purposeTextProblems(_ text: String, locale: String?) -> [PurposeTextProblem] {
    var problems: [PurposeTextProblem] = []
    if let word = placeholderWords.first(where: { word in
      text.ranges(of: word).contains { range in
        let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
        let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
        return !(before?.isLetter ?? false) && !(after?.isLetter ?? false)
      }
    }) {
      problems.append(.placeholder(word))
    }
    let scalars = text.unicodeScalars
    let latinLetters = scalars.filter { $0.properties.isAlphabetic && $0.value < 0x0250 }.count
    let words = text.split(whereSeparator: { $0.isWhitespace }).filter { $0.contains(where: \.isLetter) }
    // Scripts written without spaces are not counted in words.
    if latinLetters * 2 >= scalars.count, (1...2).contains(words.count) { problems.append(.tooShort) }
    if let locale, let script = languageScripts[String(LanguageMatch.normalized(locale).prefix { $0 != "-" })],
      latinLetters >= 3, !scalars.contains(where: { scalar in script.ranges.contains { $0.contains(scalar.value) } })
    {
      problems.append(.otherScript(expected: script.name))
    }
    return problems
  }

  private static func reviewMessage(_ key: String, _ problem: PurposeTextProblem) -> String {
    "\(key) may be rejected by App Review (guideline 5.1.1: say why the app needs the location): \(problem.reason)"
  }

  private static let reviewFix = "say what the app does with the location, in the language of the file"
}
