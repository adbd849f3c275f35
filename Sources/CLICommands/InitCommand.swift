import ArgumentParser
import Foundation

/// `permsim init`: writes a starter project to grow scenarios from.
struct InitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: "Write a starter project: a scenario, an app's Info.plist, lint and editor settings, a CI workflow.",
    discussion: """
      The folder gets scenarios/first_prompt.lua (it passes: try `permsim run`, which searches \
      scenarios/ when given no path), apps/MyApp/Info.plist with its InfoPlist.strings, a .luacheckrc \
      with the scenario globals, the LuaLS definitions of the API in types/ with a .luarc.json, and a \
      GitHub Actions workflow in .github/workflows/permsim.yml (one job per iOS version; permsim comes \
      from the permsim/permsim action). Files that already exist are left alone.
      """
  )

  @Argument(help: "The folder to write the project in.")
  var directory = "."

  func run() throws {
    let root = URL(fileURLWithPath: directory, isDirectory: true)
    var written: [String] = []
    var kept: [String] = []
    for file in StarterProject.files {
      let url = root.appendingPathComponent(file.path)
      if FileManager.default.fileExists(atPath: url.path) {
        kept.append(file.path)
        continue
      }
      do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.text.utf8).write(to: url)
      } catch {
        throw ValidationError("cannot write \(url.path): \(error.localizedDescription)")
      }
      written.append(file.path)
    }
    var lines = written.map { "created \(directory == "." ? "" : directory + "/")\($0)" }
    lines += kept.map { "kept \(directory == "." ? "" : directory + "/")\($0) (it exists)" }
    let folder = directory == "." ? "" : "cd \(directory) && "
    lines.append("Next: \(folder)permsim run")
    print(lines.joined(separator: "\n"))
  }
}
