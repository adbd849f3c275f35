import Foundation
import PermissionModel
import PermsimTestSupport
import Testing

/// `permsim run --output html=PATH`: the cases' alerts and Settings screens cross from the workers and are drawn.
@Suite(.serialized) struct RunHTMLReportTests {
  static func report(_ arguments: [String]) throws -> (run: PermsimProcess.Output, page: String, drawn: DrawnPage) {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-run-\(UUID().uuidString).html")
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try PermsimProcess.run(["run"] + arguments + ["--output", "html=\(file.path)", "--deterministic-time"])
    return (run, try String(contentsOf: file, encoding: .utf8), try DrawnPage.read(file))
  }

  @Test("--html-output all: the zh-Hans flows draw P7 (13.x and 14 orders), P9, P8 and Settings from the tables")
  func localizedFlows() throws {
    try #require(DrawnPage.canRead, "chromium or html5lib is missing: run Scripts/bootstrap")
    let (run, _, drawn) = try Self.report(["Examples/scenarios/localized_alerts.lua", "--html-output", "all"])
    #expect(run.status == 0, "\(run.standardError)")
    let texts = SystemTexts(locale: "zh-Hans")
    let p7at14 = try #require(drawn.alerts.first { $0.id == "P7" && $0.ios == "14.0" && $0.lang == "zh-Hans" })
    #expect(p7at14.buttons == AlertTemplate.p7.buttonLabels(in: texts, on: OSVersion(14)))
    #expect(drawn.alerts.contains { $0.id == "P7" && $0.ios == "14.0" && $0.lang == "zh-Hans" && $0.tapped.count == 1 && $0.precise == false })
    let p7at13 = try #require(drawn.alerts.first { $0.id == "P7" && $0.ios.hasPrefix("13.") && $0.lang == "zh-Hans" })
    #expect(p7at13.buttons == AlertTemplate.p7iOS13.buttonLabels(in: texts, on: OSVersion(13, 7)))
    #expect(drawn.alerts.contains { $0.id == "P9" && $0.lang == "zh-Hans" && $0.layout == "side" })
    #expect(drawn.alerts.contains { $0.id == "P8" && $0.lang == "zh-Hans" })
    #expect(drawn.alerts.contains { $0.id == "P3" && $0.look == "ios7" })
    #expect(!drawn.settings.isEmpty)
  }

  @Test("by default a passed case keeps only its summary, and a failing case shows its difference and its alerts")
  func failingCase() throws {
    try #require(DrawnPage.canRead, "chromium or html5lib is missing: run Scripts/bootstrap")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-html-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try """
      scenario("denied by the user", { ios = "12.5" }, function()
        local phone = device {}
        local app = phone:install { info = { NSLocationWhenInUseUsageDescription = "Finds stops.", CFBundleDisplayName = "Stops" } }
        app:launch()
        local manager = app:location_manager()
        manager:requestWhenInUseAuthorization()
        expect_prompt():tap "Don't Allow"
        expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
      end)
      scenario("passes", function() end)
      """.write(to: folder.appendingPathComponent("denial.lua"), atomically: true, encoding: .utf8)
    let (run, _, drawn) = try Self.report([folder.path])
    #expect(run.status == 1)
    let failed = try #require(drawn.cases.first { $0.outcome == "failed" })
    #expect(failed.problem?.contains("expected \"denied\" to be \"authorizedWhenInUse\"") == true, "\(failed.problem ?? "")")
    #expect(failed.problem?.contains("denial.lua:8") == true)
    #expect(drawn.alerts.map(\.id) == ["P3"])
    #expect(drawn.alerts.first?.tapped == [SystemTexts.english.button("Don’t Allow", on: OSVersion(12, 5))])
    #expect(drawn.cases.first { $0.outcome == "passed" }?.timeline == false)
  }
}
