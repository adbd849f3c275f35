import PermissionModel
import Testing

@Suite("Spelling")
struct SpellingTests {
  @Test("typos find the intended name", arguments: [
    ("didChangeAuthorizaton", "didChangeAuthorization"),
    ("requestWhenInUse", "requestWhenInUseAuthorization"),
    ("to_eqal", "to_equal"),
    ("expect_calback", "expect_callback"),
    ("set_Precise", "set_precise"),
    ("allowsBackgroundLocationUpdate", "allowsBackgroundLocationUpdates"),
  ])
  func finds(typo: String, intended: String) {
    let names = [
      "didChangeAuthorization", "locationManagerDidChangeAuthorization", "requestWhenInUseAuthorization",
      "requestAlwaysAuthorization", "to_equal", "to_be", "expect_callback", "expect_console", "set_precise",
      "allowsBackgroundLocationUpdates", "showsBackgroundLocationIndicator",
    ]
    #expect(Spelling.closest(to: typo, in: names) == intended)
  }

  @Test("unrelated words find nothing, and an exact name is not its own suggestion")
  func nothing() {
    #expect(Spelling.closest(to: "banana", in: ["to_be", "to_equal"]) == nil)
    #expect(Spelling.closest(to: "to_be", in: ["to_be"]) == nil)
    #expect(Spelling.closest(to: "request", in: ["requestWhenInUseAuthorization", "requestAlwaysAuthorization"]) == nil)
  }
}
