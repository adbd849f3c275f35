import Foundation
import PermsimTestSupport
import Testing

@testable import CLICommands

/// The GitHub Actions workflow `permsim init` writes runs as written: schema-valid, permsim installed by
/// the repository's action, one job per iOS version that the others outlive, the report always published.
@Suite("the workflow permsim init writes")
struct StarterWorkflowTests {
  /// SchemaStore's schemas of workflow and action files, vendored (their source is named in the folder's README.md).
  static let schemas = PermsimProcess.packageRoot.appendingPathComponent("Tests/Fixtures/github-workflow")

  /// The workflow (or, with `schema: "github-action.json"`, the action) as GitHub reads it, or the schema's complaints.
  static func parsed(_ text: String, schema: String = "github-workflow.json") throws -> (errors: String?, workflow: [String: Any]) {
    let (status, output) = try PythonParsers.githubYAML(text, schema: schemas.appendingPathComponent(schema))
    guard status == 0 else { return (output, [:]) }
    let object = try JSONSerialization.jsonObject(with: Data(output.utf8))
    return (nil, try #require(object as? [String: Any]))
  }

  /// The steps of the workflow's one job.
  static func steps(of workflow: [String: Any]) throws -> [[String: Any]] {
    let jobs = try #require(workflow["jobs"] as? [String: Any])
    let job = try #require(jobs["scenarios"] as? [String: Any])
    return try #require(job["steps"] as? [[String: Any]])
  }

  @Test("it is valid against the GitHub workflow schema", .enabled(if: PythonParsers.hasYAMLSchema, "needs python3 with yaml and jsonschema"))
  func schemaValid() throws {
    let (errors, workflow) = try Self.parsed(StarterProject.workflow)
    #expect(errors == nil, "\(errors ?? "")")
    #expect(workflow["on"] != nil, "`on` is read as a key, not as YAML 1.1's true")
  }

  @Test("the schema check can fail", .enabled(if: PythonParsers.hasYAMLSchema, "needs python3 with yaml and jsonschema"))
  func schemaCheckCanFail() throws {
    let broken = StarterProject.workflow.replacingOccurrences(of: "checks: write", with: "checks: writable")
    #expect(try Self.parsed(broken).errors != nil)
    let misspelt = StarterProject.workflow.replacingOccurrences(of: "runs-on:", with: "run-on:")
    #expect(try Self.parsed(misspelt).errors != nil)
  }

  @Test(
    "read-only contents, checks: write, fail-fast off over an iOS matrix, the report always",
    .enabled(if: PythonParsers.hasYAMLSchema, "needs python3 with yaml and jsonschema"))
  func settings() throws {
    let workflow = try Self.parsed(StarterProject.workflow).workflow
    let permissions = try #require(workflow["permissions"] as? [String: String])
    #expect(permissions == ["contents": "read", "checks": "write"])
    let job = try #require((workflow["jobs"] as? [String: Any])?["scenarios"] as? [String: Any])
    let strategy = try #require(job["strategy"] as? [String: Any])
    #expect(strategy["fail-fast"] as? Bool == false)
    let versions = try #require((strategy["matrix"] as? [String: Any])?["ios"] as? [String])
    #expect(versions.count >= 2)

    let steps = try Self.steps(of: workflow)
    let report = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("mikepenz/action-junit-report@") == true })
    #expect(report["if"] as? String == "always()")
    // permsim annotates each failure on its line; the report action's own annotations would repeat them.
    #expect((report["with"] as? [String: Any])?["skip_annotations"] as? Bool == true)
    let run = try #require(steps.first { ($0["run"] as? String)?.hasPrefix("permsim run") == true }?["run"] as? String)
    let reportPath = try #require((report["with"] as? [String: Any])?["report_paths"] as? String)
    #expect(run.hasSuffix("--junit \(reportPath)"))
  }

  @Test(
    "permsim comes from the repository's action, at the tag of this version, and lua-check before luacheck",
    .enabled(if: PythonParsers.hasYAMLSchema, "needs python3 with yaml and jsonschema"))
  func installs() throws {
    let steps = try Self.steps(of: try Self.parsed(StarterProject.workflow).workflow)
    let uses = steps.compactMap { $0["uses"] as? String }
    #expect(uses.contains("permsim/permsim@v\(PermsimVersion.number)"))
    let runs = steps.map { $0["run"] as? String ?? "" }
    let install = try #require(runs.firstIndex { $0.contains("apt-get install") && $0.contains("lua-check") })
    let lint = try #require(runs.firstIndex { $0.hasPrefix("luacheck ") })
    let action = try #require(steps.firstIndex { ($0["uses"] as? String)?.hasPrefix("permsim/permsim@") == true })
    let scenarios = try #require(runs.firstIndex { $0.hasPrefix("permsim run") })
    #expect(install < lint)
    #expect(action < scenarios)
  }

  @Test(
    "the repository's action.yml is a valid composite action that installs permsim and runs scenarios with inputs",
    .enabled(if: PythonParsers.hasYAMLSchema, "needs python3 with yaml and jsonschema"))
  func actionFile() throws {
    let text = try String(contentsOf: PermsimProcess.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8)
    let (errors, action) = try Self.parsed(text, schema: "github-action.json")
    #expect(errors == nil, "\(errors ?? "")")
    #expect(try Self.parsed("name: x\nruns:\n  using: composite\n", schema: "github-action.json").errors != nil, "the check can fail")
    let inputs = try #require(action["inputs"] as? [String: Any])
    #expect(Set(inputs.keys) == ["scenarios", "ios", "shard", "junit", "arguments"])
    let runs = try #require(action["runs"] as? [String: Any])
    #expect(runs["using"] as? String == "composite")
    let steps = try #require(runs["steps"] as? [[String: Any]])
    let scripts = steps.compactMap { $0["run"] as? String }.joined(separator: "\n")
    for fragment in ["liblua5.4-dev", "release_build --product permsim", "GITHUB_PATH", "permsim run"] {
      #expect(scripts.contains(fragment), "action.yml lacks \(fragment)")
    }
    let cache = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("actions/cache@") == true })
    #expect((cache["with"] as? [String: Any])?["path"] as? String == "${{ github.action_path }}/.build")
  }
}
