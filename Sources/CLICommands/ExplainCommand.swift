import ArgumentParser
import Foundation
import Diagrams
import Linting
import PermissionModel
import PlistLoader

/// `permsim explain`: draws the authorization state machine of an iOS version from the model's rule layers.
struct ExplainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract: "Draw the authorization state machine of an iOS version, generated from the model's rule layers.",
    discussion: """
      States, the alerts requests raise, each button with the state it leads to and the callback a \
      delegate receives, the system's own prompts, expiries and Settings. Requests that change nothing \
      are left out. With --plist, a request that is a silent no-op for lack of a usage description (K2) \
      is a self-loop naming the missing key, and states the app cannot reach are left out. A note (the last line; \
      a comment in Mermaid and Graphviz) says what upgrading a phone into the version changes. With --rules, \
      instead: every rule id with its one-line statement and iOS versions, and the version layers, in \
      Markdown (docs/rules.md is this output).
      """
  )

  /// How `explain` writes the state machine.
  enum Format: String, CaseIterable, ExpressibleByArgument {
    /// A Mermaid flowchart, for Markdown that GitHub renders.
    case mermaid
    /// A Graphviz digraph.
    case dot
    /// The model's own text explanation.
    case text
  }

  @Option(help: "The iOS version: 8, 13.4, 17.2.1 (the model covers \(OSVersion.supportedRange)).")
  var ios: RequestedVersion?

  @Flag(help: "Print the rule reference instead: every rule id, its statement and versions (Markdown).")
  var rules = false

  @Option(help: "An Info.plist, or a folder holding one: draw the machine for its usage descriptions.")
  var plist: String?

  @Option(help: "How to write it: a Mermaid flowchart, a Graphviz digraph, or the model's text.")
  var format: Format = .text

  @Option(
    help: ArgumentHelp(
      "The phone's language for alert titles, buttons and Settings labels.",
      discussion: "As device { locale = … }: zh-Hans-CN finds zh-Hans; a language without a table shows English (Z0)."))
  var locale: String = "en"

  func validate() throws {
    if rules {
      guard ios == nil, plist == nil else { throw ValidationError("--rules lists every version's rules: leave out --ios and --plist") }
      return
    }
    guard let ios else { throw ValidationError("--ios is required (or --rules for the rule reference)") }
    do {
      _ = try ios.version
    } catch {
      throw ValidationError(error.message)
    }
  }

  func run() throws {
    let status = perform(output: { print($0, terminator: "") }, errors: writeToStandardError)
    if status != 0 { throw ExitCode(status) }
  }

  /// Draws the machine and writes it to `output`; returns the exit status.
  ///
  /// 0: drawn; 1: the Info.plist does not parse; 2: it cannot be read (or the version is not one).
  func perform(output: (String) -> Void, errors: (String) -> Void) -> Int32 {
    if rules {
      output(RuleReference.markdown)
      return 0
    }
    guard let ios, let version = try? ios.version else {
      errors("permsim: \"\(ios?.text ?? "")\" is not an iOS version the model covers (\(OSVersion.supportedRange))\n")
      return 2
    }
    var document: InfoPlistDocument?
    if let plist {
      do {
        let input = try PlistInput(path: plist)
        do {
          document = try input.load()
        } catch let error as PlistLoadError {
          errors("permsim: \(input.location(of: error)): \(error.reason)\n")
          return 1
        }
      } catch {
        errors("permsim: \(error)\n")
        return 2
      }
    }
    output(Self.render(version: version, document: document, format: format, locale: locale) + "\n")
    return 0
  }

  // MARK: - Rendering

  /// The state machine of `version` in `format`, for the app `document` describes (every key when nil).
  ///
  /// `Scripts/update-readme` writes the README's diagrams with this function (through the command),
  /// and a test compares them with what it returns.
  ///
  /// Alert titles, buttons and Settings labels read as a phone in `locale` shows them on `version` (Z0, Z1):
  /// the texts a scenario or the REPL sees on `device { ios = version, locale = locale }`.
  static func render(version: OSVersion, document: InfoPlistDocument?, format: Format, locale: String = "en") -> String {
    let keys = document?.presentUsageDescriptions ?? Set(UsageDescriptionKey.allCases)
    let kind = document?.appKind ?? .app
    let texts = SystemTexts(locale: locale)
    // Z1: titles name the app where the system puts its name, when the Info.plist gives one.
    let appName = document?.appName(locale: locale)
    switch format {
    case .mermaid:
      return StateMachineDiagram(version: version, keys: keys, kind: kind, texts: texts, appName: appName).mermaid
    case .dot:
      return StateMachineDiagram(version: version, keys: keys, kind: kind, texts: texts, appName: appName).graphviz
    case .text:
      let text = RuleSet.forVersion(version, kind: kind).explanation(keys: keys, kind: kind, in: texts, on: version)
      return appName.map { text.replacingOccurrences(of: "%@", with: $0) } ?? text
    }
  }
}

/// `--ios` of `explain` and `repl`: the text as written, whose error `validate()` reports.
extension RequestedVersion: ExpressibleByArgument {
  public init(argument: String) {
    self.init(written: argument)
  }
}
