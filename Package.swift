// swift-tools-version: 6.0
// permsim: a scriptable model of iOS location authorization, driven by Lua scenario files.
import PackageDescription

let package = Package(
  name: "permsim",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "permsim", targets: ["permsim"]),
    .library(name: "PermissionModel", targets: ["PermissionModel"]),
    .library(name: "ScenarioRuntime", targets: ["ScenarioRuntime"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    // MARK: Lua
    // Debian's liblua5.4-dev (never the lua5.4-c++ variant: C++ unwinding is no safer across Swift frames).
    .systemLibrary(
      name: "CLua",
      pkgConfig: "lua5.4",
      providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
    ),
    // C: macro wrappers, the raising trampoline, the limited allocator, hooks and protected helpers.
    .target(name: "CLuaShim", dependencies: ["CLua"]),
    // The only Swift target that touches the Lua C API.
    .target(name: "LuaBridge", dependencies: ["CLua", "CLuaShim"]),

    // MARK: Model
    // Pure Swift: versions, rule layers, device/app state, alerts, callbacks, virtual clock, transcript.
    // The system's own texts (BEHAVIOR.md §19, Z0) are data: one JSON table per language in SystemStrings/,
    // compiled into the binary as byte arrays (no file is read at run time) and listed by the plugin below,
    // so that a new language is a new file and nothing else.
    .target(
      name: "PermissionModel",
      exclude: ["README.md"],  // the design note for the next engineer
      resources: [.embedInCode("SystemStrings")],
      // The world's records are arrays in a class, so every read of one is a dynamic exclusivity
      // check (a sixth of a live stream's model time). Debug builds, and so every test, keep the checks.
      swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))],
      plugins: ["SystemStringsIndex"]
    ),
    // Lists SystemStrings/*.json for PermissionModel (the bytes come from embedInCode's PackageResources).
    .plugin(name: "SystemStringsIndex", capability: .buildTool()),
    // Info.plist, InfoPlist.strings and .xcstrings through Foundation, into the model's app description.
    .target(name: "PlistLoader", dependencies: ["PermissionModel"]),

    // MARK: Scenarios
    // Binds the model into a sandboxed Lua state and runs one scenario case.
    // Its Lua (the prelude, the loader) is in Lua/*.lua, embedded in the binary.
    .target(
      name: "ScenarioRuntime", dependencies: ["LuaBridge", "PermissionModel", "PlistLoader", "Reporting"],
      resources: [.embedInCode("Lua/prelude.lua"), .embedInCode("Lua/loader.lua")]
    ),
    // Run events and the reporters that fold them (console, JUnit XML, TAP, JSON, HTML); a case's result
    // carries the model's record of the paths it took. The HTML pages' stylesheet and script are files
    // in HTML/, embedded in the binary.
    .target(
      name: "Reporting", dependencies: ["PermissionModel"],
      resources: [.embedInCode("HTML/report.css"), .embedInCode("HTML/report.js")]),
    // Which permission paths a suite exercised, per iOS version, against the diagrams of `explain`.
    .target(name: "Coverage", dependencies: ["Reporting", "Diagrams", "PermissionModel"]),
    // Discovers scenario files, plans cases, runs them in parallel and posts run events.
    .target(name: "Runner", dependencies: ["ScenarioRuntime", "PlistLoader", "Reporting"]),

    // MARK: CLI
    // libedit, for line editing and persistent history in the REPL.
    .systemLibrary(
      name: "CEditLine",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"]), .brew(["libedit"])]
    ),
    // The engine of `permsim lint`: checks an Info.plist against the rule layers, version range by version range.
    // Apple's Info.plist keys, and the names Xcode shows for them, are data: Resources/InfoPlistKeys.tsv;
    // so are the placeholder words App Review rejects in purpose texts (Resources/PlaceholderWords.txt).
    .target(
      name: "Linting", dependencies: ["PermissionModel", "PlistLoader", "Reporting"],
      resources: [.embedInCode("Resources/InfoPlistKeys.tsv"), .embedInCode("Resources/PlaceholderWords.txt")]
    ),
    // The state machine diagrams of `permsim explain` (Mermaid, Graphviz), generated from the rule layers.
    .target(name: "Diagrams", dependencies: ["PermissionModel"]),
    // The engine of `permsim repl`: reading, persisted locals, printing values as Lua, help and completion.
    .target(
      name: "ReplEngine", dependencies: ["ScenarioRuntime", "LuaBridge", "CEditLine"],
      // The REPL's Lua, embedded in the binary.
      resources: [.embedInCode("Lua/repl_locals.lua"), .embedInCode("Lua/repl_prompt.lua"), .embedInCode("Lua/repl_prepare.lua"),
        .embedInCode("Lua/repl_show.lua"),
      ]
    ),
    // The commit a release binary was built from (Scripts/package links it in; absent in development builds).
    .target(name: "CBuildInfo"),
    // The commands: thin ParsableCommand types over the engines above and the runner.
    .target(
      name: "CLICommands",
      dependencies: [
        "Runner", "ScenarioRuntime", "LuaBridge", "Reporting", "PlistLoader", "PermissionModel", "Linting", "Diagrams",
        "ReplEngine", "Coverage", "CBuildInfo", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      // What `permsim init` writes.
      resources: [
        .embedInCode("Starter/first_prompt.lua"), .embedInCode("Starter/MyApp-Info.plist"),
        .embedInCode("Starter/MyApp-InfoPlist.strings"), .embedInCode("Starter/luacheckrc"),
        .embedInCode("Starter/permsim.lua"), .embedInCode("Starter/luarc.json"), .embedInCode("Starter/workflow.yml"),
      ]
    ),
    .executableTarget(name: "permsim", dependencies: ["CLICommands"]),
    // In-process benchmarks of the model (Scripts/bench-model runs it in release mode); never part of the tests.
    .executableTarget(name: "permsim-bench", dependencies: ["PermissionModel", "ScenarioRuntime", "LuaBridge"]),
    // The fuzzing harnesses (scenario source, Info.plist bytes, InfoPlist.strings bytes) and libFuzzer's entry point.
    .target(name: "Fuzzing", dependencies: ["ScenarioRuntime", "PlistLoader", "PermissionModel", "LuaBridge", "Reporting"]),
    .executableTarget(name: "permsim-fuzz", dependencies: ["Fuzzing"]),

    // MARK: Tests
    // What several test targets share: running the built binary, reading JUnit back, schema validation.
    .target(name: "PermsimTestSupport", dependencies: ["Reporting"], path: "Tests/PermsimTestSupport"),
    .testTarget(name: "LuaBridgeTests", dependencies: ["LuaBridge"]),
    .testTarget(name: "PermissionModelTests", dependencies: ["PermissionModel"]),
    .testTarget(name: "PlistLoaderTests", dependencies: ["PlistLoader"], resources: [.copy("Fixtures")]),
    .testTarget(name: "ReportingTests", dependencies: ["Reporting", "PermsimTestSupport"], exclude: ["Snapshots"]),
    .testTarget(name: "ScenarioRuntimeTests", dependencies: ["ScenarioRuntime"]),
    .testTarget(name: "RunnerTests", dependencies: ["Runner", "PlistLoader"]),
    .testTarget(name: "LintingTests", dependencies: ["Linting", "PermissionModel", "PermsimTestSupport"]),
    .testTarget(name: "DiagramsTests", dependencies: ["Diagrams", "PermissionModel", "PermsimTestSupport"]),
    .testTarget(name: "CoverageTests", dependencies: ["Coverage", "ScenarioRuntime", "PermsimTestSupport"]),
    .testTarget(name: "ReplEngineTests", dependencies: ["ReplEngine", "ScenarioRuntime", "PermsimTestSupport"]),
    .testTarget(name: "CLICommandsTests", dependencies: ["CLICommands", "PermsimTestSupport", "permsim"]),
    .testTarget(name: "FuzzingTests", dependencies: ["Fuzzing"]),
  ]
)
