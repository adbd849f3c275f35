import PermissionModel

/// The scenario API's bound types as data, read from their member tables: for `help`, completion and the LuaLS definitions.
public enum ScenarioAPI {
  /// Every bound type, in the order the definitions list them.
  static let types: [MemberTableDescription] = [
    Device.members.description, App.members.description, LocationManager.members.description,
    Alert.members.description, TemporaryFullAccuracyRequest.members.description, Settings.members.description,
    ScenarioClock.members.description, LocationButton.members.description, LiveUpdateStream.members.description,
    Monitor.members.description, BackgroundActivitySession.members.description, ServiceSession.members.description,
  ]

  /// The bound types' names (`Device`, `CLLocationManager`, …).
  public static var typeNames: [String] { types.map(\.name) }

  /// The members of the bound type `name`, in their table's order, or nil when no type has that name.
  public static func memberNames(of name: String) -> [String]? {
    types.first { $0.name == name }?.members.map(\.name)
  }

  /// The LuaLS annotations of the bound types (`---@class`, fields, methods), as `Examples/types/permsim.lua` holds them.
  public static func luaDefinitions() -> String {
    types.map(definitions).joined(separator: "\n")
  }

  private static func definitions(of type: MemberTableDescription) -> String {
    var lines = ["---\(type.summary)", "---@class \(type.name)"]
    for member in type.members where !member.isMethod {
      lines.append("---@field \(member.name) \(member.type ?? "any") \(summary(member.summary, since: member.since))")
    }
    lines.append("local \(type.name) = {}")
    for member in type.members where member.isMethod {
      lines.append("")
      lines.append("---\(summary(member.summary, since: member.since))")
      for parameter in member.parameters {
        let summary = parameter.summary.isEmpty ? "" : " \(parameter.summary)"
        let optional = parameter.type.hasSuffix("?") && !parameter.type.contains("|")
        let name = optional ? parameter.name + "?" : parameter.name
        lines.append("---@param \(name) \(optional ? String(parameter.type.dropLast()) : parameter.type)\(summary)")
      }
      if let returns = member.type { lines.append("---@return \(returns)") }
      let parameters = member.parameters.map(\.name).joined(separator: ", ")
      lines.append("function \(type.name):\(member.name)(\(parameters)) end")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func summary(_ text: String, since: OSVersion?) -> String {
    guard let since else { return text }
    return "iOS \(since.major)\(since.minor > 0 ? ".\(since.minor)" : "")+: \(text)"
  }
}
