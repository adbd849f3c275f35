import Foundation

/// The files `permsim init` writes: a project a scenario author can run, lint and put in CI at once.
enum StarterProject {
  /// One file of the project: its path inside the project folder and its text.
  struct File: Equatable {
    var path: String
    var text: String
  }

  /// Every file, in the order `init` writes and lists them.
  static var files: [File] {
    [
      File(path: "scenarios/first_prompt.lua", text: scenario),
      File(path: "apps/MyApp/Info.plist", text: infoPlist),
      File(path: "apps/MyApp/en.lproj/InfoPlist.strings", text: strings),
      File(path: ".luacheckrc", text: luacheckConfiguration + "\n"),
      File(path: "types/permsim.lua", text: luaLSDefinitions + "\n"),
      File(path: ".luarc.json", text: luarc),
      File(path: ".github/workflows/permsim.yml", text: workflow),
    ]
  }

  /// The command the workflow and the README of the project run.
  static let runCommand = "permsim run scenarios --junit permsim.xml"

  static let scenario = """
    -- A first scenario: My App asks for When-In-Use authorization on iOS 14 and the user allows it.
    -- Run it with `permsim run scenarios`; `permsim repl --plist apps/MyApp` tries the model out.
    -- The whole API is in types/permsim.lua (your editor completes it with the Lua language server).

    -- Paths are relative to this file.
    local PLIST = "../apps/MyApp/Info.plist"

    describe("My App", function()
      scenario("asks for When-In-Use and gets it", function()
        local phone = device { ios = "14.0" }
        local app = phone:install { plist = PLIST }
        app:launch()

        local manager = app:location_manager()
        expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined" })

        manager:requestWhenInUseAuthorization()
        local alert = expect_prompt { kind = "authorization" }
        expect(alert.buttons).to_equal { "Allow Once", "Allow While Using App", "Don’t Allow" }
        alert:tap "Allow While Using App"
        expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })
        expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
      end)

      -- One case per version: the name gets " [iOS 13.0]", " [iOS 14.0]".
      scenario("the first prompt offers Allow Once", { ios = { "13.0", "14.0" } }, function()
        local app = device():install { plist = PLIST }
        app:launch()
        app:location_manager():requestWhenInUseAuthorization()
        expect(expect_prompt().buttons).to_contain "Allow Once"
      end)
    end)

    """

  static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>CFBundleDevelopmentRegion</key>
    \t<string>en</string>
    \t<key>CFBundleDisplayName</key>
    \t<string>My App</string>
    \t<key>CFBundleIdentifier</key>
    \t<string>com.example.myapp</string>
    \t<key>CFBundleName</key>
    \t<string>MyApp</string>
    \t<key>NSLocationWhenInUseUsageDescription</key>
    \t<string>My App uses your location to show what is nearby.</string>
    </dict>
    </plist>

    """

  static let strings = """
    /* The texts of My App's alerts in English; add a zh-Hans.lproj beside it for Chinese. */
    "NSLocationWhenInUseUsageDescription" = "My App uses your location to show what is nearby.";

    """

  static let luarc = """
    {
      "$schema": "https://raw.githubusercontent.com/LuaLS/vscode-lua/master/setting/schema.json",
      "runtime": {
        "version": "Lua 5.4",
        "path": ["scenarios/?.lua", "scenarios/?/init.lua"],
        "builtin": { "io": "disable", "os": "disable", "debug": "disable" }
      },
      "workspace": { "library": ["types"], "checkThirdParty": false }
    }

    """

  static let workflow = """
    # Runs the scenarios on every push and pull request; failures are annotated on their lines
    # (permsim writes GitHub annotations when GITHUB_ACTIONS=true) and the JUnit report is published.
    # Install permsim first (build it from source with a Swift 6 toolchain, or use your own image).
    name: permsim
    on: [push, pull_request]
    jobs:
      scenarios:
        runs-on: ubuntu-latest
        strategy:
          matrix:
            ios: ["13.0", "14.0", "17.0"]
        steps:
          - uses: actions/checkout@v4
          - name: Lint the scenarios
            run: luacheck scenarios
          - name: Location permission scenarios (iOS ${{ matrix.ios }})
            run: \(runCommand) --ios ${{ matrix.ios }}
          - name: Test report
            if: always()
            uses: mikepenz/action-junit-report@v4
            with:
              report_paths: permsim.xml
              check_name: permsim (iOS ${{ matrix.ios }})

    """
}
