import Foundation

/// The files `permsim init` writes: a project a scenario author can run, lint and put in CI at once.
///
/// They are the files of `Starter/`, embedded in the binary; `permsim.lua` and `luacheckrc` there are
/// symbolic links to `Examples/types/permsim.lua` and `.luacheckrc`, so the starter always has the
/// repository's own (a test compares them).
enum StarterProject {
  /// One file of the project: its path inside the project folder and its text.
  struct File: Equatable {
    var path: String
    var text: String
  }

  /// Every file, in the order `init` writes and lists them.
  static var files: [File] {
    [
      File(path: scenarioFolder + "/first_prompt.lua", text: text(PackageResources.first_prompt_lua)),
      File(path: "apps/MyApp/Info.plist", text: text(PackageResources.MyApp_Info_plist)),
      File(path: "apps/MyApp/en.lproj/InfoPlist.strings", text: text(PackageResources.MyApp_InfoPlist_strings)),
      File(path: ".luacheckrc", text: luacheckConfiguration),
      File(path: "types/permsim.lua", text: luaLSDefinitions),
      File(path: ".luarc.json", text: text(PackageResources.luarc_json)),
      File(path: ".github/workflows/permsim.yml", text: workflow),
    ]
  }

  /// The folder the scenario goes in, which a bare `permsim run` searches.
  static let scenarioFolder = "scenarios"

  /// The LuaLS definitions of the scenario API, as in Examples/types/permsim.lua.
  static var luaLSDefinitions: String { text(PackageResources.permsim_lua) }
  /// The luacheck configuration for scenario files, as in the repository's .luacheckrc.
  static var luacheckConfiguration: String { text(PackageResources.luacheckrc) }
  /// The GitHub Actions workflow: one job per iOS version, annotations, the JUnit report published.
  static var workflow: String { text(PackageResources.workflow_yml) }

  private static func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
  }
}
