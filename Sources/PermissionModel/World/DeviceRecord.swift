/// The state of one simulated iPhone, kept by the world.
struct DeviceRecord {
  let number: Int
  var version: OSVersion
  var rules: RuleSet
  let locale: String
  /// The system's own texts in the device's language (Z0).
  let texts: SystemTexts
  let startDate: LocalDateTime
  let createdAt: VirtualInstant
  var locationServicesEnabled: Bool
  var location: Coordinate
  var lastMovedAt: VirtualInstant
  var wifiSSID: String?
  var isLocked = false
  var apps: [AppID] = []
  /// The world index of the alert showing, if any (§2: at most one).
  var currentAlert: AlertID?
  var alertsShown = 0
  /// R19 and R21 alerts waiting for their moment.
  var pendingSystemPrompts: [PendingSystemPrompt] = []
}
