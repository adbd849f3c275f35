import Testing
@testable import PermissionModel

@Test func smoke() throws {
  let world = World()
  let phone = world.makeDevice(DeviceOptions(ios: OSVersion(14)))
  let app = try phone.install(InfoPlist(usageDescriptions: [.whenInUse: "x"]))
  try app.launch()
  let manager = try app.makeLocationManager()
  try manager.requestWhenInUseAuthorization()
  try #require(phone.prompt != nil)
}
