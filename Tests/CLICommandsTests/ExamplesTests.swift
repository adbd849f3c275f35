import PermsimTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The Examples gallery run as a user runs it: `permsim run Examples` passes, every topic file registers its cases.
///
/// The gallery is the executable form of the seed topics (issue #5), so a scenario that stops passing, a file
/// that registers nothing, and LuaLS definitions that name members the runtime lacks all fail here.
@Suite("Examples gallery")
struct ExamplesTests {
  // MARK: - Floors

  /// The fewest cases each topic file of `Examples/scenarios` must register; raise a floor when you add cases.
  static let minimumCases: [String: Int] = [
    "allow_once.lua": 9,
    "always_upgrade.lua": 16,
    "app_clips.lua": 8,
    "background_activity_sessions.lua": 23,
    "background_updates.lua": 15,
    "default_accuracy_reduced.lua": 10,
    "delegate_callbacks.lua": 11,
    "diagnostics.lua": 25,
    "first_prompts.lua": 34,
    "ios11_background_table.lua": 19,
    "live_updates.lua": 20,
    "localized_alerts.lua": 20,
    "location_button.lua": 24,
    "missing_keys.lua": 17,
    "monitors.lua": 18,
    "pause_resume.lua": 6,
    "precise_switch.lua": 10,
    "provisional_always.lua": 8,
    "service_sessions.lua": 30,
    "settings_options.lua": 33,
    "settings_override.lua": 12,
    "temporary_full_accuracy.lua": 17,
    "upgrades.lua": 10,
    "widgets.lua": 16,
    "wifi_ssid.lua": 12,
  ]

  /// The classes issue #5 asks the LuaLS definitions to declare.
  static let requiredClasses = [
    "Device", "App", "CLLocationManager", "Alert", "Callback", "Settings", "Clock", "Matcher",
    "TemporaryFullAccuracyRequest", "Crash",
  ]

  static let examples = PermsimProcess.packageRoot.appendingPathComponent("Examples")

  /// One run of `permsim run Examples --junit …`, shared by the tests of the suite.
  static let gallery = Result { try GalleryRun.execute() }

  // MARK: - The run

  @Test("permsim run Examples exits 0 and every case passes (none failed, errored or skipped)")
  func everyCasePasses() throws {
    let run = try Self.gallery.get()
    #expect(run.status == 0, "permsim run Examples exited \(run.status):\n\(run.console)")
    #expect(run.cases.count >= Self.minimumCases.values.reduce(0, +))
    let unsuccessful = run.cases.filter { $0.outcome != "passed" }
    #expect(unsuccessful.isEmpty, "\(unsuccessful.map { "\($0.outcome): \($0.file) › \($0.name)" })")
  }

  @Test("each topic file registers at least its floor of cases", arguments: minimumCases.sorted { $0.key < $1.key })
  func topicFileFloor(file: String, minimum: Int) throws {
    let count = try Self.gallery.get().cases.filter { $0.file == "Examples/scenarios/" + file }.count
    #expect(count >= minimum, "\(file) registered \(count) cases; its floor is \(minimum)")
  }

  @Test("every scenario file has a floor and every floor a file")
  func floorsMatchFiles() throws {
    let directory = Self.examples.appendingPathComponent("scenarios").path
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".lua") }
    let unlisted = Set(files).subtracting(Self.minimumCases.keys).sorted()
    let missing = Set(Self.minimumCases.keys).subtracting(files).sorted()
    #expect(unlisted.isEmpty, "scenario files without a floor in ExamplesTests.minimumCases: \(unlisted)")
    #expect(missing.isEmpty, "floors without a scenario file: \(missing)")
  }

  @Test("the helper module and the LuaLS definitions load but register no case")
  func supportFilesRegisterNothing() throws {
    let run = try Self.gallery.get()
    for path in ["Examples/scenarios/helpers/flows.lua", "Examples/types/permsim.lua"] {
      #expect(FileManager.default.fileExists(atPath: PermsimProcess.packageRoot.appendingPathComponent(path).path))
      #expect(!run.cases.contains { $0.file == path }, "\(path) registered cases or failed to load")
    }
  }

  // MARK: - LuaLS definitions

  @Test("the LuaLS definitions declare the required classes")
  func definitionsDeclareClasses() throws {
    let definitions = try Definitions.load()
    for name in Self.requiredClasses {
      #expect(definitions.members[name] != nil, "Examples/types/permsim.lua has no ---@class \(name)")
    }
  }

  @Test("every member the LuaLS definitions declare exists, and every global of the API is declared")
  func definitionsMatchTheRuntime() throws {
    let definitions = try Definitions.load()
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-probe-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let probe = scratch.appendingPathComponent("probe.lua")
    try Data(definitions.probeScenario().utf8).write(to: probe)

    let output = try PermsimProcess.run(["run", probe.path])
    #expect(output.status == 0, "the definitions and the runtime disagree:\n\(output.standardOutput)\(output.standardError)")
    #expect(output.standardOutput.contains("1 passed"))
  }
}

// MARK: - Support

extension ExamplesTests {
  /// One case of the gallery's JUnit report.
  struct Case: Sendable {
    var file: String
    var name: String
    /// `passed`, `failure`, `error` or `skipped`.
    var outcome: String
  }

  /// The exit status, console output and JUnit cases of one `permsim run Examples`.
  struct GalleryRun: Sendable {
    var status: Int32
    var console: String
    var cases: [Case]

    static func execute() throws -> GalleryRun {
      let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-examples-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: scratch) }
      let junit = scratch.appendingPathComponent("junit.xml")
      let output = try PermsimProcess.run(["run", "Examples", "--junit", junit.path])
      let cases = try JUnitReader.cases(in: Data(contentsOf: junit))
      return GalleryRun(status: output.status, console: output.standardOutput + output.standardError, cases: cases)
    }
  }

  /// Reads the `testcase` elements of a JUnit report and how each ended.
  final class JUnitReader: NSObject, XMLParserDelegate {
    private var _cases: [Case] = []

    static func cases(in data: Data) throws -> [Case] {
      let reader = JUnitReader()
      let parser = XMLParser(data: data)
      parser.delegate = reader
      guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
      return reader._cases
    }

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      switch elementName {
      case "testcase":
        _cases.append(Case(file: attributes["file"] ?? "", name: attributes["name"] ?? "", outcome: "passed"))
      case "failure", "error", "skipped":
        if !_cases.isEmpty { _cases[_cases.count - 1].outcome = elementName }
      default:
        break
      }
    }
  }

  /// What `Examples/types/permsim.lua` declares: the members of each `---@class` and the global names.
  struct Definitions {
    var members: [String: [String]] = [:]
    var globals: [String] = []

    /// The classes whose objects reject unknown members at run time, so a probe can check each declared one.
    static let probedClasses = [
      "Device", "App", "CLLocationManager", "Alert", "Settings", "Clock", "TemporaryFullAccuracyRequest", "Matcher",
    ]

    /// Lua's own globals, which LuaLS declares itself.
    static let standardGlobals = [
      "_G", "_VERSION", "assert", "collectgarbage", "coroutine", "error", "getmetatable", "ipairs", "load", "math",
      "next", "pairs", "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "require", "select",
      "setmetatable", "string", "table", "tonumber", "tostring", "type", "utf8", "warn", "xpcall",
    ]

    static func load() throws -> Definitions {
      let url = ExamplesTests.examples.appendingPathComponent("types/permsim.lua")
      return Definitions(source: String(decoding: try Data(contentsOf: url), as: UTF8.self))
    }

    init(source: String) {
      var current: String?
      for line in source.split(separator: "\n") {
        if let name = Self.word(after: "---@class ", in: line) {
          current = name
          members[name, default: []] = []
        } else if let field = Self.word(after: "---@field ", in: line), let owner = current {
          members[owner, default: []].append(field)
        } else if let declaration = Self.word(after: "function ", in: line, allowing: ":.") {
          let parts = declaration.split(whereSeparator: { $0 == ":" || $0 == "." }).map(String.init)
          if parts.count == 2, members[parts[0]] != nil {
            members[parts[0], default: []].append(parts[1])
          } else if parts.count == 1 {
            globals.append(parts[0])
          }
        } else if let name = Self.word(after: "", in: line), line.dropFirst(name.count).hasPrefix(" = ") {
          globals.append(name)
        }
      }
    }

    /// The identifier that follows `prefix` at the start of `line` (a trailing `?` dropped), if any.
    private static func word(after prefix: String, in line: Substring, allowing extra: String = "") -> String? {
      guard line.hasPrefix(prefix) else { return nil }
      let name = line.dropFirst(prefix.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" || extra.contains($0) }
      return name.isEmpty ? nil : String(name)
    }

    /// A scenario that reads every declared member on live objects and compares the globals both ways.
    func probeScenario() -> String {
      func list(_ names: [String]) -> String { "{ " + names.map { "\"\($0)\"" }.joined(separator: ", ") + " }" }
      let memberTable = Self.probedClasses.map { "  \($0) = \(list(members[$0] ?? [])),\n" }.joined()
      return """
        local MEMBERS = {
        \(memberTable)}
        local DECLARED = \(list(globals))
        local STANDARD = \(list(Self.standardGlobals))

        scenario("the definitions match the runtime", { ios = "14.0" }, function()
          local phone = device { wifi = "Probe" }
          local app = phone:install {
            info = {
              NSLocationWhenInUseUsageDescription = "Probe",
              NSLocationTemporaryUsageDescriptionDictionary = { Probe = "Probe" },
            },
          }
          app:launch()
          local manager = app:location_manager()
          local request = manager:requestTemporaryFullAccuracyAuthorization "Probe"
          manager:requestWhenInUseAuthorization()
          local objects = {
            Device = phone, App = app, CLLocationManager = manager, Alert = phone.prompt,
            Settings = phone.settings, Clock = clock, TemporaryFullAccuracyRequest = request, Matcher = expect(1),
          }
          local problems, declared, standard = {}, {}, {}
          for class, names in pairs(MEMBERS) do
            if #names == 0 then problems[#problems + 1] = class .. " declares no member" end
            for _, name in ipairs(names) do
              local ok, message = pcall(function() return objects[class][name] end)
              if not ok then problems[#problems + 1] = class .. "." .. name .. ": " .. tostring(message) end
            end
          end
          for _, name in ipairs(DECLARED) do
            declared[name] = true
            if rawget(_G, name) == nil then problems[#problems + 1] = "declared global " .. name .. " does not exist" end
          end
          for _, name in ipairs(STANDARD) do standard[name] = true end
          for name in pairs(_G) do
            if not declared[name] and not standard[name] then
              problems[#problems + 1] = "global " .. tostring(name) .. " is not declared"
            end
          end
          if #problems > 0 then error(table.concat(problems, "\\n")) end
        end)
        """
    }
  }
}
