import Reporting
import ScenarioRuntime
import Testing

/// The scenario API as Lua sees it (SCENARIO_API §2–§9): names, shapes and the errors of misuse.
@Suite("Bindings")
struct BindingTests {
  static let keys = """
    NSLocationWhenInUseUsageDescription = "Shows nearby stops.",
    NSLocationAlwaysAndWhenInUseUsageDescription = "Tracks your trips.",
    NSLocationAlwaysUsageDescription = "Tracks your trips.",
    NSLocationTemporaryUsageDescriptionDictionary = { WantsToNavigate = "Directions need precision." },
    UIBackgroundModes = { "location" },
    CFBundleDisplayName = "Transit",
    """

  /// A scenario prologue: a device on `ios`, the Transit app launched, one manager.
  static func launched(_ ios: String = "14.0", extra: String = "") -> String {
    """
    local phone = device { ios = "\(ios)" \(extra) }
    local app = phone:install { info = { \(keys) } }
    app:launch()
    local manager = app:location_manager()
    """
  }

  @Test("a scenario that passes", arguments: ["8", "11.0", "13.3", "13.4", "14.0", "17.2.1"])
  func passes(ios: String) throws {
    let result = try ScenarioHarness.scenario(Self.launched(ios) + """
      expect(phone.ios).to_be("\(ios)")
      expect(manager.authorizationStatus).to_be("notDetermined")
      expect(app.state).to_be("foreground")
      """)
    #expect(result.outcome == .passed, "\(result.outcome)")
  }

  @Test("unknown members name the closest valid one", arguments: [
    ("phone:instal {}", "Device has no member instal (did you mean install?)"),
    ("app:lanch()", "App has no member lanch (did you mean launch?)"),
    ("manager:requestWhenInUse()", "CLLocationManager has no member requestWhenInUse (did you mean requestWhenInUseAuthorization?)"),
    ("local _ = manager.authorizationStatuss", "CLLocationManager has no member authorizationStatuss (did you mean authorizationStatus?)"),
    ("manager:requestWhenInUseAuthorization(); phone.prompt:tapp 'Allow Once'", "Alert has no member tapp (did you mean tap?)"),
    ("phone.settings:optons(app)", "Settings has no member optons (did you mean options?)"),
    ("clock:advence '1s'", "Clock has no member advence (did you mean advance?)"),
    ("expect(1).to_eqaul(1)", "unknown matcher 'to_eqaul' (did you mean to_equal?)"),
    ("expect_callback('didChangeAuthorizaton')", "unknown callback 'didChangeAuthorizaton' (did you mean didChangeAuthorization?)"),
    ("expect_calback('x')", "unknown global expect_calback (did you mean expect_callback?)"),
    ("device { iso = '14.0' }", "unknown option iso to 'device' (did you mean ios?)"),
    ("phone:install { plst = 'x' }", "unknown option plst to 'install' (did you mean plist?)"),
    ("manager.requestWhenInUseAuthorization()", "call methods with ':', as in object:requestWhenInUseAuthorization(…)"),
    ("expect_prompt { knd = 'authorization' }", "unknown field 'knd' in expect_prompt (did you mean kind?)"),
  ])
  func unknownMembers(statement: String, message: String) throws {
    let result = try ScenarioHarness.scenario(Self.launched() + statement)
    #expect(result.outcome.isError)
    #expect(result.outcome.headline?.contains(message) == true, "\(result.outcome)")
  }

  @Test("errors point at the scenario's own line")
  func errorLines() throws {
    let result = try ScenarioHarness.scenario("local phone = device {}\nphone:nope()")
    guard case .errored(let problem) = result.outcome else {
      Issue.record("expected an error, got \(result.outcome)")
      return
    }
    #expect(problem.location == ScriptLocation(path: "s.lua", line: 3))
  }

  @Test("read-only members refuse writes; Apple's read-write ones take Booleans")
  func writes() throws {
    let readOnly = try ScenarioHarness.scenario(Self.launched() + "manager.authorizationStatus = 'denied'")
    #expect(readOnly.outcome.headline == "authorizationStatus of CLLocationManager is read-only")
    let method = try ScenarioHarness.scenario(Self.launched() + "app.launch = 1")
    #expect(method.outcome.headline == "cannot assign to launch: it is a method of App")
    let notBoolean = try ScenarioHarness.scenario(Self.launched() + "manager.pausesLocationUpdatesAutomatically = 'no'")
    #expect(notBoolean.outcome.headline == "bad value for pausesLocationUpdatesAutomatically (boolean expected, got string)")
    let fine = try ScenarioHarness.scenario(Self.launched() + """
      manager.pausesLocationUpdatesAutomatically = false
      expect(manager.pausesLocationUpdatesAutomatically).to_be(false)
      manager.showsBackgroundLocationIndicator = true
      expect(manager.showsBackgroundLocationIndicator).to_be_truthy()
      """)
    #expect(fine.outcome == .passed, "\(fine.outcome)")
  }

  @Test("members a version does not have are errors naming the version they need")
  func availability() throws {
    let accuracy = try ScenarioHarness.scenario(Self.launched("13.0") + "local _ = manager.accuracyAuthorization")
    #expect(accuracy.outcome.isError)
    #expect(accuracy.outcome.headline?.contains("iOS 14") == true, "\(accuracy.outcome)")
  }

  @Test("an unsupported or malformed iOS version lists the supported range", arguments: ["6.1", "19.0", "fourteen"])
  func versions(version: String) throws {
    let result = try ScenarioHarness.scenario("device { ios = '\(version)' }")
    #expect(result.outcome.isError)
    #expect(result.outcome.headline?.contains("7.0") == true, "\(result.outcome)")
  }

  @Test("devices are created inside scenarios only")
  func deviceAtTopLevel() throws {
    let harness = try ScenarioHarness(files: ["s.lua": "local phone = device {}\nscenario('x', function() end)\n"])
    defer { harness.remove() }
    let results = try harness.run("s.lua")
    #expect(results.first?.outcome.isError == true)
    #expect(results.first?.outcome.headline?.contains("only be called inside a scenario") == true)
  }

  @Test("alerts: fields, tap with either apostrophe, labels listed on a miss, set_precise")
  func alerts() throws {
    let result = try ScenarioHarness.scenario(Self.launched() + """
      manager:requestWhenInUseAuthorization()
      local alert = expect_prompt { kind = "authorization", precise = true, map = "precise" }
      expect(alert.title).to_be "Allow “Transit” to use your location?"
      expect(alert.message).to_be "Shows nearby stops."
      alert:set_precise(false)
      expect(alert.precise).to_be(false)
      expect(phone.prompt).to_be(alert)
      local ok, message = pcall(alert.tap, alert, "Maybe")
      expect(ok).to_be(false)
      expect(message).to_contain("Allow Once")
      alert:tap "Don't Allow"
      expect_no_prompt()
      expect(manager.authorizationStatus).to_be "denied"
      """)
    #expect(result.outcome == .passed, "\(result.outcome)")
  }

  @Test("callbacks: fields, order, read once; an unread one fails expect_no_callback")
  func callbacks() throws {
    let passing = try ScenarioHarness.scenario(Self.launched() + """
      local first = expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined", manager = 1 })
      expect(first.at).to_be(0)
      manager:requestWhenInUseAuthorization()
      phone.prompt:tap "Allow While Using App"
      expect(#app.callbacks).to_be(2)
      app:expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse", accuracy = "fullAccuracy" })
      expect_no_callback()
      """)
    #expect(passing.outcome == .passed, "\(passing.outcome)")
    let unread = try ScenarioHarness.scenario(Self.launched() + "expect_no_callback()")
    #expect(unread.outcome.isFailure)
    #expect(unread.outcome.headline?.contains("1 is unread") == true, "\(unread.outcome)")
    let wrong = try ScenarioHarness.scenario(Self.launched() + "expect_callback('didChangeAuthorization')")
    #expect(wrong.outcome.isFailure)
    #expect(wrong.outcome.headline?.contains("name: expected") == true, "\(wrong.outcome)")
  }

  @Test("on_prompt answers every later alert; a handler that taps nothing is an error")
  func onPrompt() throws {
    let answered = try ScenarioHarness.scenario(Self.launched() + """
      local seen = {}
      phone:on_prompt(function(alert) seen[#seen + 1] = alert.kind; alert:tap "Allow While Using App" end)
      manager:requestWhenInUseAuthorization()
      expect(seen).to_equal { "authorization" }
      expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
      phone:on_prompt(nil)
      manager:requestAlwaysAuthorization()
      expect_prompt { kind = "alwaysUpgrade" }
      """)
    #expect(answered.outcome == .passed, "\(answered.outcome)")
    let lazy = try ScenarioHarness.scenario(Self.launched() + """
      phone:on_prompt(function(alert) end)
      manager:requestWhenInUseAuthorization()
      """)
    #expect(lazy.outcome.headline?.contains("on_prompt handler returned without tapping") == true, "\(lazy.outcome)")
  }

  @Test("phone:upgrade restarts on the new version: phone.ios reads it as written, the app is terminated (UP1, UP4)")
  func upgrade() throws {
    let result = try ScenarioHarness.scenario(Self.launched("13.3") + """
      manager:requestWhenInUseAuthorization()
      expect_prompt { kind = "authorization" }:tap "Allow While Using App"
      phone:upgrade "14"
      expect(phone.ios).to_be "14"
      expect(app.state).to_be "notRunning"
      expect_no_prompt()
      phone:upgrade(15.2)
      expect(phone.ios).to_be "15.2"
      app:launch()
      expect(app:location_manager().accuracyAuthorization).to_be "fullAccuracy"
      """)
    #expect(result.outcome == .passed, "\(result.outcome)")
    #expect(result.transcript.contains { $0.hasSuffix("phone: upgrade iOS 13.3 → 14.0 (UP1)") })
  }

  @Test("UP1: phone:upgrade to a version that is not newer (or not a version) is an error at its line")
  func upgradeErrors() throws {
    for (call, message) in [
      ("phone:upgrade '13.4'", "phone:upgrade(\"13.4\"): iOS 13.4 is older than iOS 14.0, which this phone runs"),
      ("phone:upgrade '14.0'", "is the version this phone runs; an upgrade installs a newer iOS (UP1)"),
      ("phone:upgrade '21'", "iOS 21.0 does not exist: iOS went from 18 to 26"),
      ("phone:upgrade {}", "version string expected, got table"),
    ] {
      let result = try ScenarioHarness.scenario(Self.launched("14.0") + "\n" + call)
      #expect(result.outcome.headline?.contains(message) == true, "\(call): \(result.outcome)")
      guard case .errored(let problem) = result.outcome else { return #expect(Bool(false), "\(result.outcome)") }
      #expect(problem.location == ScriptLocation(path: "s.lua", line: 11), "\(call)")
    }
  }

  @Test("a crash fails the case outside expect_crash and is returned inside it (B2)")
  func crashes() throws {
    let inside = try ScenarioHarness.scenario(
      "local phone = device { ios = '11.0' }\nlocal app = phone:install { info = { CFBundleDisplayName = 'X' } }\napp:launch()\n"
        + "local m = app:location_manager()\nlocal crash = expect_crash(function() m.allowsBackgroundLocationUpdates = true end, 'stayUp')\n"
        + "expect(crash.reason).to_match('CLClientIsBackgroundable')\nexpect(app.crash.exception).to_be 'NSInternalInconsistencyException'\n"
        + "expect(app.state).to_be 'notRunning'")
    #expect(inside.outcome == .passed, "\(inside.outcome)")
    let outside = try ScenarioHarness.scenario(
      "local app = device { ios = '11.0' }:install { info = {} }\napp:launch()\napp:location_manager().allowsBackgroundLocationUpdates = true")
    #expect(outside.outcome.type == "AppCrashed")
    let none = try ScenarioHarness.scenario("expect_crash(function() end)")
    #expect(none.outcome.isFailure)
  }

  @Test("Settings: options, selection, changes reach the app (S1, S2, E6)")
  func settings() throws {
    let result = try ScenarioHarness.scenario(Self.launched("15.0") + """
      local settings = phone.settings
      expect(settings:options(app)).to_equal { "Never", "Ask Next Time Or When I Share", "While Using the App", "Always" }
      expect(settings:get(app)).to_be "Ask Next Time Or When I Share"
      settings:set(app, "Always")
      expect(manager.authorizationStatus).to_be "authorizedAlways"
      settings:set_precise(app, false)
      expect(manager.accuracyAuthorization).to_be "reducedAccuracy"
      local ok, message = pcall(settings.set, settings, app, "Sometimes")
      expect(ok).to_be(false)
      settings:set_location_services(false)
      expect(manager.authorizationStatus).to_be "denied"
      """)
    #expect(result.outcome == .passed, "\(result.outcome)")
  }

  @Test("temporary full accuracy returns a live request (T1, C7)")
  func temporaryAccuracy() throws {
    let result = try ScenarioHarness.scenario(Self.launched() + """
      manager:requestWhenInUseAuthorization()
      local alert = phone.prompt
      alert:set_precise(false)
      alert:tap "Allow While Using App"
      local request = manager:requestTemporaryFullAccuracyAuthorization("WantsToNavigate")
      expect(request.done).to_be(false)
      expect_prompt({ kind = "temporaryFullAccuracy", message = "Directions need precision." }):tap "Allow Once"
      expect(request.done).to_be(true)
      expect(request.error).to_be_nil()
      local declined = manager:requestTemporaryFullAccuracyAuthorization("WantsToNavigate")
      expect(declined.error).to_be "promptDeclined"
      """)
    #expect(result.outcome == .passed, "\(result.outcome)")
  }

  @Test("the clock: durations, wall-clock date, advance_to")
  func clock() throws {
    let result = try ScenarioHarness.scenario("""
      local phone = device { date = "2026-03-01T23:30:00" }
      expect(clock.now).to_be(0)
      clock:advance "250ms"
      clock:advance(2)
      expect(clock.now).to_be(2.25)
      expect(clock.date).to_be "2026-03-01T23:30:02"
      clock:advance_to "04:00"
      expect(clock.date).to_be "2026-03-02T04:00:00"
      clock:advance "3d"
      expect(clock.date).to_be "2026-03-05T04:00:00"
      local ok, message = pcall(clock.advance, clock, "soon")
      expect(ok).to_be(false)
      expect(message).to_contain("is not a duration")
      """)
    #expect(result.outcome == .passed, "\(result.outcome)")
  }

  @Test("os.time, os.clock and os.date read the virtual clock, never the real one")
  func virtualOS() throws {
    let result = try ScenarioHarness.scenario("""
      device { date = "2026-01-05T09:00:00" }
      expect(os.time()).to_be(os.time { year = 2026, month = 1, day = 5, hour = 9 })
      expect(os.date("%Y-%m-%d %H:%M")).to_be "2026-01-05 09:00"
      clock:advance "90s"
      expect(os.clock()).to_be(90)
      expect(os.date("!%H:%M:%S")).to_be "09:01:30"
      expect(os.execute).to_be_nil()
      expect(os.getenv).to_be_nil()
      """)
    #expect(result.outcome == .passed, "\(result.outcome)")
  }

  @Test("print goes to the transcript")
  func printing() throws {
    let result = try ScenarioHarness.scenario("print('hello', 42, nil)")
    #expect(result.outcome == .passed)
    #expect(result.transcript.contains { $0.hasSuffix("print: hello\t42\tnil") })
  }

  @Test("require loads Lua helpers beside the file, then under the root; nothing outside the root")
  func requireModules() throws {
    let files = [
      "helpers/flows.lua": "local M = {}\nfunction M.answer() return 42 end\nreturn M\n",
      "shared.lua": "return { name = 'shared' }\n",
    ]
    let beside = try ScenarioHarness.scenario("""
      local flows = require "helpers.flows"
      expect(flows.answer()).to_be(42)
      expect(require("helpers.flows")).to_be(flows)
      expect(require("shared").name).to_be "shared"
      """, files: files)
    #expect(beside.outcome == .passed, "\(beside.outcome)")
    let missing = try ScenarioHarness.scenario("require 'nothing.here'")
    #expect(missing.outcome.headline?.contains("module 'nothing.here' not found") == true, "\(missing.outcome)")
    let escaping = try ScenarioHarness.scenario("require '..'")
    #expect(escaping.outcome.headline?.contains("bad module name") == true, "\(escaping.outcome)")
  }

  @Test("Info.plist from a file, localized for the device's locale; errors name the file")
  func plistFiles() throws {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleDisplayName</key><string>Transit</string>
      <key>NSLocationWhenInUseUsageDescription</key><string>Shows nearby stops.</string>
      </dict></plist>
      """
    let files = [
      "app/Info.plist": plist,
      "app/zh-Hans.lproj/InfoPlist.strings": "\"NSLocationWhenInUseUsageDescription\" = \"显示附近的车站。\";\n",
      "broken/Info.plist": "<plist><dict><key>A</key></plist>",
    ]
    let localized = try ScenarioHarness.scenario("""
      local app = device { ios = "14.0", locale = "zh-Hans-CN" }:install { plist = "app/Info.plist" }
      app:launch()
      app:location_manager():requestWhenInUseAuthorization()
      expect_prompt { message = "显示附近的车站。" }
      """, files: files)
    #expect(localized.outcome == .passed, "\(localized.outcome)")
    let broken = try ScenarioHarness.scenario("device {}:install { plist = 'broken/Info.plist' }", files: files)
    #expect(broken.outcome.headline?.contains("broken/Info.plist") == true, "\(broken.outcome)")
    let outside = try ScenarioHarness.scenario("device {}:install { plist = '../../etc/passwd' }", files: files)
    #expect(outside.outcome.headline?.contains("outside the scenario root") == true, "\(outside.outcome)")
  }

  @Test("K3: only a Boolean NSLocationDefaultAccuracyReduced counts; the transcript says why")
  func wrongTypes() throws {
    let result = try ScenarioHarness.scenario("""
      local app = device { ios = "14.0" }:install { info = { NSLocationWhenInUseUsageDescription = "x", NSLocationDefaultAccuracyReduced = "YES" } }
      app:launch()
      app:location_manager():requestWhenInUseAuthorization()
      expect_prompt { precise = true, map = "precise" }
      """)
    #expect(result.outcome == .passed, "\(result.outcome)")
    #expect(result.transcript.contains { $0.contains("NSLocationDefaultAccuracyReduced") && $0.contains("K3") })
  }

  @Test("K5: installing an app whose alert texts hold $(VAR) or ${VAR} says so on the console (issue 38, item 7)")
  func unexpandedBuildSettings() throws {
    let result = try ScenarioHarness.scenario("""
      device { ios = "17.0" }:install { info = {
        CFBundleDisplayName = "${PRODUCT_NAME}", NSLocationWhenInUseUsageDescription = "$(PRODUCT_NAME) finds cafés near you." } }
      """)
    #expect(result.outcome == .passed, "\(result.outcome)")
    #expect(result.transcript.contains {
      $0.hasSuffix("info: CFBundleDisplayName contains the build setting ${PRODUCT_NAME}, which only an Xcode build expands: alerts show it as written")
    })
    #expect(result.transcript.contains { $0.contains("NSLocationWhenInUseUsageDescription contains the build setting $(PRODUCT_NAME)") })
  }

  @Test("with several devices, expect_* follow the newest app and its device")
  func severalDevices() throws {
    let result = try ScenarioHarness.scenario("""
      local first = device { ios = "14.0" }
      local a = first:install { info = { NSLocationWhenInUseUsageDescription = "x" } }
      local second = device { ios = "12.0" }
      a:launch()
      a:location_manager():requestWhenInUseAuthorization()
      expect_prompt { kind = "authorization" }
      second:expect_no_prompt()
      local b = second:install { info = { NSLocationWhenInUseUsageDescription = "x" } }
      expect_no_prompt()
      first:expect_prompt()
      """)
    #expect(result.outcome == .passed, "\(result.outcome)")
  }

  @Test("matchers: both call styles, never, deep equality, contain, match; failures show expected and actual")
  func matchers() throws {
    let passing = try ScenarioHarness.scenario("""
      expect(1).to_be(1); expect(1):to_be(1)
      expect({ 1, { 2 } }).to_equal({ 1, { 2 } })
      expect("Allow Once").to_contain("Once"); expect({ "a", "b" }).to_contain("b")
      expect("13.4").to_match("^13%.%d$")
      expect(nil).to_be_nil(); expect(0).to_be_truthy(); expect(false).to_be_falsy()
      expect(1).never.to_be(2); expect("x"):never():to_be_nil()
      """)
    #expect(passing.outcome.isError, "never() called as a function is not part of the API")
    let styles = try ScenarioHarness.scenario("""
      expect(1).to_be(1); expect(1):to_be(1)
      expect({ 1, { 2 } }).to_equal({ 1, { 2 } })
      expect("Allow Once").to_contain("Once"); expect({ "a", "b" }).to_contain("b")
      expect("13.4").to_match("^13%.%d$")
      expect(nil).to_be_nil(); expect(0).to_be_truthy(); expect(false).to_be_falsy()
      expect(1).never.to_be(2)
      """)
    #expect(styles.outcome == .passed, "\(styles.outcome)")
    let failing = try ScenarioHarness.scenario("expect({ status = 'denied' }).to_equal { status = 'authorizedAlways' }")
    #expect(failing.outcome.headline == #"expected { status = "denied" } to equal { status = "authorizedAlways" } (first difference at .status: got "denied", expected "authorizedAlways")"#)
  }

  @Test("before_each and after_each run around every scenario of their describe, outermost first")
  func hooks() throws {
    let harness = try ScenarioHarness(files: [
      "s.lua": """
        local log = {}
        before_each(function() log[#log + 1] = "outer before" end)
        after_each(function() log[#log + 1] = "outer after"; print(table.concat(log, ", ")) end)
        describe("group", function()
          before_each(function() log[#log + 1] = "inner before" end)
          after_each(function() log[#log + 1] = "inner after" end)
          scenario("one", function() log[#log + 1] = "body" end)
          scenario("two", function() error("boom") end)
        end)
        """
    ])
    defer { harness.remove() }
    let results = try harness.run("s.lua")
    #expect(results.map(\.name) == ["group › one", "group › two"])
    #expect(results[0].transcript.last?.hasSuffix("outer before, inner before, body, inner after, outer after") == true)
    #expect(results[1].outcome.headline == "boom")
    #expect(results[1].transcript.last?.hasSuffix("outer before, inner before, inner after, outer after") == true)
  }
}

/// The system's texts in the phone's language through the bindings (Z0, SCENARIO_API §3, §5, §9).
@Suite("Bindings: the phone's language")
struct LocalizedBindingTests {
  @Test("alert and Settings fields in zh-Hans; tap and set take the English label; alert.id is the alert's id")
  func englishLabels() throws {
    let result = try ScenarioHarness.scenario(BindingTests.launched("16.0", extra: #", locale = "zh-Hans""#) + """
      manager:requestWhenInUseAuthorization()
      local alert = expect_prompt {
        title = "允许“Transit”使用你的位置？", buttons = { "允许一次", "使用App时允许", "不允许" },
      }
      expect(alert.id).to_be "P7"
      alert:tap "Allow While Using App"
      expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
      expect(phone.settings:options(app)).to_equal { "永不", "下次询问或在我共享时", "使用App期间", "始终" }
      expect(phone.settings:get(app)).to_be "使用App期间"
      phone.settings:set(app, "Always")
      expect(phone.settings:get(app)).to_be "始终"
      phone.settings:set(app, "永不")
      expect(manager.authorizationStatus).to_be "denied"
      """)
    #expect(result.outcome == .passed, "\(result.outcome)")
  }

  @Test("a label on no button or option is an error listing the labels as the phone shows them")
  func shownLabelsInErrors() throws {
    let tap = try ScenarioHarness.scenario(BindingTests.launched("14.0", extra: #", locale = "zh-Hans-CN""#) + """
      manager:requestWhenInUseAuthorization()
      phone.prompt:tap "Allow"
      """)
    #expect(tap.outcome.headline?.contains("its buttons are: “允许一次”, “使用App时允许”, “不允许”") == true, "\(tap.outcome)")
    let set = try ScenarioHarness.scenario(BindingTests.launched("12.0", extra: #", locale = "zh-Hans""#) + """
      phone.settings:set(app, "Ask Next Time")
      """)
    #expect(set.outcome.headline?.contains("the options are: “永不”, “使用应用期间”, “始终”") == true, "\(set.outcome)")
  }
}
