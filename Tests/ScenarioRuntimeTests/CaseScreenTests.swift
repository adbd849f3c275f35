import Foundation
import PermissionModel
import Reporting
import ScenarioRuntime
import Testing

/// The screens a case carries for the HTML report: alerts with the button tapped, Settings after each step.
@Suite struct CaseScreenTests {
  static let prologue = """
    local phone = device { ios = "14.0", locale = "zh-Hans" }
    local app = phone:install { info = { NSLocationWhenInUseUsageDescription = "Shows nearby stops.", CFBundleDisplayName = "Transit" } }
    app:launch()
    local manager = app:location_manager()
    """

  /// §4, A3, Z0: P7 as shown (the table's title and buttons), its Precise switch as it was when answered, the tap.
  @Test func answeredAlert() throws {
    let result = try ScenarioHarness.scenario(Self.prologue + """
      manager:requestWhenInUseAuthorization()
      local alert = expect_prompt()
      alert:set_precise(false)
      alert:tap "Allow Once"
      """)
    #expect(result.outcome == .passed)
    let texts = SystemTexts(locale: "zh-Hans")
    let version = OSVersion(14)
    guard case .alert(let alert)? = result.screens.first?.content else {
      Issue.record("no alert screen: \(result.screens)")
      return
    }
    #expect(result.screens.count == 1)
    #expect(alert.id == "P7")
    #expect(alert.app == "Transit")
    #expect(alert.title == AlertTemplate.p7.title(appName: "Transit", in: texts, on: version))
    #expect(alert.buttons == AlertTemplate.p7.buttonLabels(in: texts, on: version))
    #expect(alert.message == "Shows nearby stops.")
    #expect(alert.tapped == texts.button("Allow Once", on: version))
    #expect(alert.preciseSwitch == ScreenSwitch(label: texts.switchLabel("Precise", on: version), isOn: false))
    #expect(alert.map == "approximate")
    #expect(alert.iosVersion == "14.0")
    #expect(alert.language == "zh-Hans")
    // The screen sits at the transcript line that showed the alert.
    let line = try #require(result.screens.first?.line)
    #expect(result.transcript[line].contains("alert#1 P7"))
  }

  /// S1–S3: each Settings step carries the screen after it, selection and Precise Location switch.
  @Test func settingsSteps() throws {
    let result = try ScenarioHarness.scenario(Self.prologue + """
      manager:requestWhenInUseAuthorization()
      expect_prompt():tap "Allow While Using App"
      phone.settings:set(app, "Never")
      phone.settings:set_precise(app, false)
      """)
    #expect(result.outcome == .passed)
    let texts = SystemTexts(locale: "zh-Hans")
    let version = OSVersion(14)
    let settings = result.screens.compactMap { screen -> SettingsScreen? in
      if case .settings(let settings) = screen.content { return settings }
      return nil
    }
    try #require(settings.count == 2)
    #expect(settings[0].options == ["Never", "Ask Next Time", "While Using the App"].map { texts.settingsLabel($0, on: version) })
    #expect(settings[0].selected == texts.settingsLabel("Never", on: version))
    #expect(settings[0].preciseSwitch?.isOn == true)
    #expect(settings[1].selected == texts.settingsLabel("Never", on: version))
    #expect(settings[1].preciseSwitch == ScreenSwitch(label: texts.switchLabel("Precise Location", on: version), isOn: false))
    #expect(settings[1].app == "Transit")
  }

  /// A passing case's screens cross to the runner like its transcript: encoded with the run.
  @Test func screensSurviveEncoding() throws {
    let screen = CaseScreen(
      line: 3,
      content: .alert(AlertScreen(id: "P3", number: 1, app: "A", title: "T", message: nil, buttons: ["Don’t Allow", "Allow"], iosVersion: "12.0", language: "en")))
    let run = ScenarioEngine.CaseRun(outcome: .passed, transcript: ["a", "b", "c", "d"], screens: [screen], deviceVersions: ["12.0"])
    let decoded = try JSONDecoder().decode(ScenarioEngine.CaseRun.self, from: JSONEncoder().encode(run))
    #expect(decoded.screens == [screen])
    #expect(decoded.transcript == run.transcript)
  }
}
