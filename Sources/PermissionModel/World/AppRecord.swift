/// The state of one installed app, kept by the world.
struct AppRecord {
  let device: Int
  /// What never changes after installation, shared by reference so records copy cheaply.
  let info: AppInfo
  var machine: AuthorizationMachine
  var state: AppState = .notRunning
  var backgroundSince: VirtualInstant = .start
  var graceTimer: Int?
  var appClipTimer: Int?
  /// The managers of the current launch, in creation order (C1).
  var managers: [Int] = []
  var callbacks: [Callback] = []
  /// Callbacks waiting for a suspended app to run (C5).
  var heldCallbacks: [Callback] = []
  var console: [String] = []
  var crash: AppCrash?
  var lastReported: AuthorizationSnapshot
  // MARK: Monitoring (U4, E12): per app, surviving termination like iOS's monitored regions.
  var monitorsSignificantChanges = false
  var significantChangeAnchor = Coordinate.defaultDeviceLocation
  var regions: [MonitoredRegion] = []
  /// Events for the managers of a background launch that has created none yet (E12).
  var eventsForNextManager: [LocationEvent] = []
  /// Events held for the deferred upgrade prompt (R19).
  var deferredEvents: [LocationEvent] = []
  var deferredPromptPending = false
  // MARK: iOS 15+ objects (§14–§18, §20)
  var sessions = AppSessions()
  var widgets = WidgetAuthorization()
  /// The LU3 timer of the app's streams.
  var sessionTimer: Int?
  /// The alert the new APIs raised for the app, while it shows (DG6).
  var sessionPrompt: (alert: Int, prompt: SessionPrompt)?
  // MARK: Background-use reminder (R21)
  var backgroundLocationDays: [Int64] = []
  var reminderPending = false
}
